/**
 * Host-based collective schemes: the algorithms of MPI libraries and NCCL over unicast, one class
 * per published algorithm (flat fan-out, binomial tree, pipelined chain, ring, recursive doubling
 * and halving, Rabenseifner, pairwise exchange, scatter + allgather, NCCL's double binary tree) and Open MPI 4.1's
 * fixed broadcast rule.
 */
package org.fabriclab.sim.collective.host;
