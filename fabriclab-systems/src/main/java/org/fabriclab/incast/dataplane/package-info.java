/**
 * The incast trees on the engines (seed 004): {@link
 * org.fabriclab.incast.dataplane.AggregationTreeScheme}, the ARS + intra-stage tree as a
 * collective scheme whose servers merge flows.
 */
package org.fabriclab.incast.dataplane;
