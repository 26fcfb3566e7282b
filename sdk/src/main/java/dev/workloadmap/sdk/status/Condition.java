package dev.workloadmap.sdk.status;

import static org.apiguardian.api.API.Status.EXPERIMENTAL;

import org.apiguardian.api.API;

/**
 * One condition as extracted (docs/format.md#status item 3). Non-string values read as {@code ""}.
 *
 * @param type the condition type
 * @param status the condition status, for example {@code "True"}
 * @param message the message, or {@code ""} when absent or not extracted
 * @param reason the reason, or {@code ""} when absent or not extracted
 */
@API(status = EXPERIMENTAL, since = "0.1")
public record Condition(String type, String status, String message, String reason) {}
