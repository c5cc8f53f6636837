/** The flow-level (fluid) engine: max-min fair rates by incremental progressive filling. */
package org.fabriclab.sim.flow;
