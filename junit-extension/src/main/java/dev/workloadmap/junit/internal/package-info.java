/**
 * The engine behind {@link dev.workloadmap.junit.WorkloadMapCluster} and {@link dev.workloadmap.junit.WorkloadMapTest}:
 * the handle's collaborators (one per job), its one piece of changing state ({@code HandleState}), the cluster
 * shared by a run, retries and fault messages, configuration and sources. Not API: it may change in any release.
 */
package dev.workloadmap.junit.internal;
