/**
 * The visitor API's shapes under the app's names. Every shape is generated from the backend's
 * OpenAPI document into packages/contract (`npm run api:spec`); nothing here restates a field.
 */
import type { components } from '@vibe/contract/client';

type Schemas = components['schemas'];

/** The session the app keeps: the profile plus its sessionId (GET /api/session leaves the id out; the app adds its stored one). */
export type Session = Schemas['SessionDto'];
/** A user as reads and the profile update answer it: the session without its sessionId. */
export type Profile = Schemas['ProfileDto'];
/** A user's or a media item's id, as every route names them. */
export type Id = Schemas['RateItemDto']['id'];
export type RateItem = Schemas['RateItemDto'];
export type VoteResult = Schemas['VoteReceiptDto'];
export type ViewRecorded = Schemas['ViewRecordedDto'];
export type Reported = Schemas['ReportedDto'];
export type UsernameAvailability = Schemas['UsernameAvailabilityDto'];
/** What the magic-link calls answer. */
export type Message = Schemas['MessageDto'];
export type MediaStat = Schemas['MediaStatDto'];
export type ReportReason = Schemas['ReportMediaDto']['reason'];
export type PublicTrafficConfig = Schemas['PublicRedirectConfigDto'];
export type SiteConfig = Schemas['SiteConfigDto'];
export type ShareLink = Schemas['ShareLinkDto'];
