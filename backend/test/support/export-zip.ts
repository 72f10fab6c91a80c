import JSZip from 'jszip';
import type request from 'supertest';
import { binary } from '../fixtures/media-fixtures.js';

/** What a "Download my data" zip holds, read back as a visitor would open it. */
export interface OpenedExport {
  names: string[];
  profile: Record<string, unknown>;
  /** data lines of votes.csv, split into fields (no field of ours holds a comma but names) */
  votes: string[][];
  uploads: string[][];
  uploadsHeader: string[];
  files: Map<string, Buffer>;
}

const csvRows = (text: string) =>
  text
    .split('\r\n')
    .filter(Boolean)
    .map((l) => l.split(','));

/** GET the export as bytes and unzip it (CRCs checked, so a cut or corrupt zip throws). */
export async function downloadExport(agent: request.Agent, userId: number): Promise<OpenedExport> {
  const res = await binary(agent.get(`/api/users/${userId}/export`)).expect(200);
  expect(res.headers['content-type']).toBe('application/zip');
  expect(res.headers['content-disposition']).toMatch(/^attachment; filename="vibe-data-.+\.zip"$/);
  return openExport(res.body as Buffer);
}

export async function openExport(bytes: Buffer): Promise<OpenedExport> {
  const zip = await JSZip.loadAsync(bytes, { checkCRC32: true });
  const names = Object.keys(zip.files).sort();
  const text = (name: string) => zip.file(name)!.async('string');
  const [votesHeader, ...votes] = csvRows(await text('votes.csv'));
  expect(votesHeader).toEqual(['media_id', 'vote', 'voted_at']);
  const [uploadsHeader, ...uploads] = csvRows(await text('uploads.csv'));
  const files = new Map<string, Buffer>();
  for (const name of names.filter((n) => n.startsWith('uploads/')))
    files.set(name, await zip.file(name)!.async('nodebuffer'));
  return {
    names,
    profile: JSON.parse(await text('profile.json')) as Record<string, unknown>,
    votes,
    uploads,
    uploadsHeader: uploadsHeader!,
    files,
  };
}
