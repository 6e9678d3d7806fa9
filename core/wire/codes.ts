/**
 * The product's numeric codes (SPEC §3, §4) as enums. No imports: the client imports its
 * values from here, so the schema builder behind core/wire/entities.ts (TypeBox) stays out
 * of the H5 and mini-program bundles, which import entities only as types.
 */

/** SPEC §3: gender codes. */
export enum Gender {
  Secret = 0,
  Male = 1,
  Female = 2,
}

/** SPEC §3: the platform list. */
export enum Platform {
  Android = 1,
  IOS = 2,
  PC = 3,
  MacOS = 4,
  H5 = 5,
  Web = 6,
  Applet = 7,
}

/** SPEC §4: channel types. Users may create only Discussion, Post and Metaverse. */
export enum ChannelType {
  Discussion = 1,
  Voice = 2,
  Post = 3,
  Metaverse = 8,
  GamePlaza = 10,
  ExternalLink = 11,
  Live = 12,
  LiveBanner = 13,
}

/** SPEC §4: channel kinds. A Group is a header that other channels hang under. */
export enum ChannelKind {
  Channel = 0,
  Group = 1,
  LiveTab = 2,
  Interaction = 14,
}

/** SPEC §4: audit status of user-supplied content. */
export enum AuditStatus {
  Pass = 0,
  Auditing = 1,
  Reject = 2,
}

/** SPEC §4: whether viewers may comment on a live item. */
export enum LiveCommentFlag {
  CanComment = 1,
  CannotComment = 2,
}

/** SPEC §3: map category of a metaverse channel. */
export enum MapCategory {
  ThreeD = 1,
  LiveMap = 2,
}

/** SPEC §3: a live or media item is a recording (1) or a live broadcast (3). */
export enum MediaType {
  Record = 1,
  Live = 3,
}

/** SPEC §3: is_live of a live item: 0 reserved, 2 ended; 1 is "on air" (not in the SPEC, used by the server). */
export enum LiveFlag {
  Reserved = 0,
  OnAir = 1,
  Ended = 2,
}
