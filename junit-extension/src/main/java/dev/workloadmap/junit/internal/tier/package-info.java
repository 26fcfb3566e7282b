/**
 * The cluster tiers behind one small interface, {@link dev.workloadmap.junit.internal.tier.ClusterBackend}, and the
 * choice among them ({@link dev.workloadmap.junit.internal.tier.Tiers}, including the {@code AUTO} order and its
 * message). Not API.
 */
package dev.workloadmap.junit.internal.tier;
