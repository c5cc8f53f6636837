/** The discrete-event loop: a primitive-array heap ordered by (time, insertion sequence). */
package org.fabriclab.sim.engine;
