package dev.workloadmap.sdk.status;

/**
 * One condition as extracted (spec §5.5 item 3). Non-string values read as {@code ""}.
 *
 * @param type the condition type
 * @param status the condition status, for example {@code "True"}
 * @param message the message, or {@code ""} when absent or not extracted
 * @param reason the reason, or {@code ""} when absent or not extracted
 */
public record Condition(String type, String status, String message, String reason) {}
