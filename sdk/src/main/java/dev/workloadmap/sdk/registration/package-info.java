/**
 * Registering definitions in a cluster as Karta objects ({@link dev.workloadmap.sdk.registration.DefinitionRegistry}):
 * install the CRD, server-side apply with the labels KAI selects by, list, find as KAI finds, unregister.
 */
package dev.workloadmap.sdk.registration;
