/**
 * The build's proof that a catalog entry is valid, so that a short-lived process (a CLI call, a Maven goal, a test)
 * reading it need not load and run the validator again: {@link dev.workloadmap.sdk.internal.proof.BuildFingerprint}
 * records, when the SDK is built, what validation is a function of; {@link
 * dev.workloadmap.sdk.internal.proof.ValidatorIdentity} checks at run time that the class path is that one; {@link
 * dev.workloadmap.sdk.internal.proof.CatalogProof} is the catalog build's record of the entries it validated with
 * that identity, and what a catalog read at run time trusts of it. Runtime code (the catalog reads it), not an
 * authoring tool.
 */
package dev.workloadmap.sdk.internal.proof;
