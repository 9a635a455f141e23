/** JSON values, input items and the provider-keyed option maps every layer passes around. */

export type JsonValue = null | string | number | boolean | JsonObject | JsonValue[];
export type JsonObject = { [key: string]: JsonValue | undefined };

/** One Responses input item, exactly as sent. */
export type InputItem = JsonObject;

/** `providerOptions` / `providerMetadata`: provider name → options object. */
export type ProviderOptions = Record<string, Record<string, unknown>>;
