/**
 * The flow-level (fluid) engine: max-min fair rates by incremental progressive filling ({@link
 * org.fabriclab.sim.flow.MaxMinProgressiveFilling}, the project's one implementation of max-min
 * water filling over paths and multicast trees; {@link
 * org.fabriclab.sim.flow.MaxMinProgressiveFilling#rates} for a one-shot allocation).
 */
package org.fabriclab.sim.flow;
