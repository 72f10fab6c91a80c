/**
 * The visitor API's shapes under the app's names. Every shape is generated from the backend's
 * OpenAPI document into ./schema.d.ts (`npm run api:spec`); nothing here restates a field.
 */
import type { MediaRenditions } from '../lib/renditions';
import type { components } from './schema';

type Schemas = components['schemas'];

/** The session the app keeps: the profile plus its sessionId (GET /api/session leaves the id out; the app adds its stored one). */
export type Session = Schemas['SessionDto'];
/** A user's or a media item's id, as every route names them. */
export type Id = Schemas['RateItemDto']['id'];
// `& MediaRenditions`: the rendition fields (issue 19) until the backend's media DTOs carry them;
// once `npm run api:spec` brings them, the intersection is redundant and goes
export type RateItem = Schemas['RateItemDto'] & MediaRenditions;
export type VoteResult = Schemas['VoteReceiptDto'];
export type ViewRecorded = Schemas['ViewRecordedDto'];
export type Reported = Schemas['ReportedDto'];
export type MediaDeleted = Schemas['MediaDeletedDto'];
export type UsernameAvailability = Schemas['UsernameAvailabilityDto'];
/** What the magic-link calls answer. */
export type Message = Schemas['MessageDto'];
export type MediaStat = Schemas['MediaStatDto'] & MediaRenditions;
export type UserStats = Omit<Schemas['UserStatsDto'], 'mediaStats'> & { mediaStats: MediaStat[] };
export type ReportReason = Schemas['ReportMediaDto']['reason'];
export type AdConfig = Schemas['AdConfigDto'];
export type PublicTrafficConfig = Schemas['PublicRedirectConfigDto'];
export type SiteConfig = Schemas['SiteConfigDto'];
