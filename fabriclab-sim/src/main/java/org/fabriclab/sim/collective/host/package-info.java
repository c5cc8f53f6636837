/**
 * Host-based collective schemes: the algorithms of MPI libraries and NCCL over unicast, one class
 * per published algorithm (flat fan-out, binomial tree, pipelined chain, ring, recursive doubling
 * and halving, Rabenseifner, pairwise exchange, scatter + allgather).
 */
package org.fabriclab.sim.collective.host;
