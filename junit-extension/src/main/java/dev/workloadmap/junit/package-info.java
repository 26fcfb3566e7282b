/**
 * {@link dev.workloadmap.junit.WorkloadMapTest}: a JUnit 5 extension that proves Workload Map definitions against a
 * Kubernetes API. A test gets a {@link dev.workloadmap.junit.WorkloadMapCluster} to install CRDs, create objects,
 * write status through the status subresource, create a controller's pods and assert the resolved tree and statuses.
 * The cluster comes from one of the {@link dev.workloadmap.junit.Tier tiers}; configuration follows the order
 * annotation, JUnit configuration parameter, environment variable, default. Every public type here carries an
 * {@link org.apiguardian.api.API} status; {@code dev.workloadmap.junit.internal} and its sub-packages are not API.
 */
package dev.workloadmap.junit;
