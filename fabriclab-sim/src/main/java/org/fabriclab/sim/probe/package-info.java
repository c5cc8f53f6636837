/** What runs record: per-flow records and FCT summaries as tables. */
package org.fabriclab.sim.probe;
