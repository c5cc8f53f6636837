/** RoCEv2 reliable connections: reusable QP/PSN state machine, CNP, DCQCN. */
package org.fabriclab.sim.transport.rocev2;
