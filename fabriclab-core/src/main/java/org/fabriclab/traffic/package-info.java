/** Flows and workloads: trace CSV, Poisson arrivals, size distributions, patterns. */
package org.fabriclab.traffic;
