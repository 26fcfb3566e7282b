/**
 * Scheduler objects from a gang plan: the PodGroups of KAI Scheduler ({@code scheduling.run.ai/v2alpha2}), Volcano
 * ({@code scheduling.volcano.sh/v1beta1}) and scheduler-plugins coscheduling ({@code scheduling.x-k8s.io/v1alpha1}),
 * and what binds each pod to its PodGroup.
 *
 * <p>{@link dev.workloadmap.sdk.scheduler.SchedulingPlanner} computes a {@link
 * dev.workloadmap.sdk.scheduler.SchedulingPlan} either from the definition and the object alone (the desired gangs,
 * before any pod exists: the pods each framework's controller will create are laid out as its controller does and
 * attributed with the definition's own selectors) or from live pods. {@link dev.workloadmap.sdk.scheduler.PodGroups}
 * renders a plan for one scheduler.
 */
package dev.workloadmap.sdk.scheduler;
