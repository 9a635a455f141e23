import { base64url, constantTimeEqual, hmacSha256 } from '../../util/sha256';

/**
 * The secret a provider signs continuation digests with, derived from its credentials in memory
 * for each call (docs/architecture.md, "Continuing on any instance"). Never stored, logged or
 * sent: only digests made with it leave the process.
 */
export type DigestKey = {
  key: Uint8Array;
  /** A short tag of the key, carried in every digest, so a digest of other credentials is named as such. */
  credentialTag: string;
  /** The settings the key signed last (a conversation's steps share their settings): their MAC's text and tag. */
  lastSettings?: { settingsKey: string } & SettingsMac;
};

/**
 * What a digest binds: the response, the settings that say what its context is (context-key.ts:
 * a continuation may change the others), and the items the server holds.
 */
export type DigestSubject = {
  responseId: string;
  settingsKey: string;
  /**
   * Hash chain of the items the server holds for the response (see item-chain.ts), less its own
   * empty messages, which ai@5 and ai@6 leave out of the next prompt (sign-head.ts).
   */
  chain: Uint8Array;
};

/** Why a digest did not verify; each is also the `reason` of the full-input call. */
export type DigestMismatch =
  | 'digest-invalid'
  | 'credentials-changed'
  | 'settings-changed'
  | 'history-changed';

// v2: function-call arguments hashed up to key order (item-chain.ts); v1 digests no longer verify.
const LABEL = 'ai-sdk-openai-ws continuation v2';
/** Bytes of each field: a 3-byte credential tag, a 3-byte settings tag, a 16-byte MAC. */
const TAG_BYTES = 3;
const MAC_BYTES = 16;
/** 3 bytes are 4 base64url characters; the whole digest, 22 bytes, is 30. */
const TAG_CHARS = 4;
const DIGEST_PATTERN = /^[A-Za-z0-9_-]{30}$/;

/**
 * The key of a credential scope: HMAC-SHA256 keyed with the auth material (base URL, API key,
 * organization, project, in a fixed order). Another key, organization, project or base URL gives
 * another key, and no digest made with one verifies with the other.
 */
export async function deriveDigestKey(material: string): Promise<DigestKey> {
  const key = await hmacSha256(new TextEncoder().encode(material), LABEL);
  const tag = await hmacSha256(key, 'credentials');
  return { key, credentialTag: base64url(tag.subarray(0, TAG_BYTES)) };
}

/**
 * The digest of a response: 30 base64url characters (credential tag, settings tag, MAC). The MAC
 * covers the response id (a digest cannot be moved to another response), the settings (nor to
 * other settings) and the item chain (nor to another history), truncated to 128 bits.
 */
export async function mintDigest(key: DigestKey, subject: DigestSubject): Promise<string> {
  const { settingsTag, mac } = await fields(key, subject);
  return `${key.credentialTag}${settingsTag}${mac}`;
}

/** `undefined` when `digest` is the digest of `subject` under `key`; else why not. */
export async function checkDigest(
  key: DigestKey,
  digest: string,
  subject: DigestSubject,
): Promise<DigestMismatch | undefined> {
  if (!DIGEST_PATTERN.test(digest)) return 'digest-invalid';
  if (!constantTimeEqual(digest.slice(0, TAG_CHARS), key.credentialTag)) {
    return 'credentials-changed';
  }
  const { settingsTag, mac } = await fields(key, subject);
  if (!constantTimeEqual(digest.slice(TAG_CHARS, 2 * TAG_CHARS), settingsTag)) {
    return 'settings-changed';
  }
  return constantTimeEqual(digest.slice(2 * TAG_CHARS), mac) ? undefined : 'history-changed';
}

async function fields(key: DigestKey, subject: DigestSubject) {
  const settings = await settingsMac(key, subject.settingsKey);
  const mac = await hmacSha256(
    key.key,
    `response\n${subject.responseId}\n${settings.text}\n${base64url(subject.chain)}`,
  );
  return { settingsTag: settings.tag, mac: base64url(mac.subarray(0, MAC_BYTES)) };
}

/** The MAC of the settings as the response MAC covers it (base64url), and its tag. */
type SettingsMac = { text: string; tag: string };

async function settingsMac(key: DigestKey, settingsKey: string): Promise<SettingsMac> {
  const last = key.lastSettings;
  if (last?.settingsKey === settingsKey) return last;
  const mac = await hmacSha256(key.key, `settings\n${settingsKey}`);
  const settings = { text: base64url(mac), tag: base64url(mac.subarray(0, TAG_BYTES)) };
  key.lastSettings = { settingsKey, ...settings };
  return settings;
}
