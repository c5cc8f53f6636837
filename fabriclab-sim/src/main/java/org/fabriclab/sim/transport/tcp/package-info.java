/** TCP end hosts with pluggable congestion control (NewReno, DCTCP). */
package org.fabriclab.sim.transport.tcp;
