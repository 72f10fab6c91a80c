import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { cached, ffmpeg, inTemp } from './made-files.js';

/**
 * Crafted media for the pipeline's hostile-input tests and the hostile-media bench, made with
 * ffmpeg at test time (each well under 1 MB). The location and serial every leak check searches for:
 */
export const DRONE_LAT = '47.397742';
export const DRONE_LON = '8.545594';
export const DRONE_SERIAL = 'DJI0X7F3A9';
/** What must appear in no byte a stranger can fetch: the coordinates, also as ©xyz writes them, and the serial. */
export const DRONE_LEAKS = [DRONE_LAT, DRONE_LON, '+47.3977', '+008.5456', DRONE_SERIAL, '47.39775', '8.54560'];

/** An ISO box: 32-bit size, type, body. */
export const box = (type: string, ...body: Buffer[]): Buffer => {
  const content = Buffer.concat(body);
  const head = Buffer.alloc(8);
  head.writeUInt32BE(8 + content.length);
  head.write(type, 4, 'latin1');
  return Buffer.concat([head, content]);
};
const fullBox = (type: string, versionFlags: number, ...body: Buffer[]) => {
  const vf = Buffer.alloc(4);
  vf.writeUInt32BE(versionFlags);
  return box(type, vf, ...body);
};
const u32 = (...values: number[]) => {
  const b = Buffer.alloc(values.length * 4);
  values.forEach((v, i) => b.writeUInt32BE(v, i * 4));
  return b;
};

interface Found {
  start: number;
  end: number;
}

/** The first box of `type` among the children of [from, to). */
function find(file: Buffer, from: number, to: number, type: string): Found {
  for (let at = from; at < to;) {
    const size = file.readUInt32BE(at);
    if (file.toString('latin1', at + 4, at + 8) === type) return { start: at, end: at + size };
    at += size;
  }
  throw new Error(`no ${type} box`);
}

/**
 * Inserts `child` at the end of the box reached by `route` (from the top level; a trak is picked
 * by its index), growing every box on the way. Only for files whose movie box comes after the
 * media data, so no sample offset moves.
 */
export function insertBox(file: Buffer, route: Array<string | [string, number]>, child: Buffer): Buffer {
  const chain: Found[] = [];
  let from = 0;
  let to = file.length;
  for (const step of route) {
    const [type, index] = typeof step === 'string' ? [step, 0] : step;
    let found = find(file, from, to, type);
    for (let i = 0; i < index; i++) found = find(file, found.end, to, type);
    chain.push(found);
    from = found.start + 8;
    to = found.end;
  }
  const target = chain[chain.length - 1]!;
  if (find(file, 0, file.length, 'mdat').start > chain[0]!.start) throw new Error('the movie box must come last');
  const out = Buffer.concat([file.subarray(0, target.end), child, file.subarray(target.end)]);
  for (const b of chain) out.writeUInt32BE(out.readUInt32BE(b.start) + child.length, b.start);
  return out;
}

/**
 * A timed metadata track (handler `meta`, sample entry `gpmd` as GoPro writes GPS, or `mebx` as
 * iPhones do) whose one sample holds `text`; the sample is stored in an mdat of its own at
 * `sampleOffset`.
 */
function metadataTrak(trackId: number, entry: string, sampleOffset: number, sampleSize: number): Buffer {
  const tkhd = fullBox('tkhd', 3, u32(0, 0, trackId, 0, 1000), Buffer.alloc(52), u32(0, 0));
  const hdlr = fullBox(
    'hdlr',
    0,
    u32(0),
    Buffer.from('meta', 'latin1'),
    Buffer.alloc(12),
    Buffer.from(`GPS ${DRONE_SERIAL}\0`),
  );
  const stsd = fullBox('stsd', 0, u32(1), box(entry, Buffer.alloc(6), Buffer.from([0, 1])));
  const stbl = box(
    'stbl',
    stsd,
    fullBox('stts', 0, u32(1, 1, 1000)),
    fullBox('stsc', 0, u32(1, 1, 1, 1)),
    fullBox('stsz', 0, u32(0, 1, sampleSize)),
    fullBox('stco', 0, u32(1, sampleOffset)),
  );
  const dinf = box('dinf', fullBox('dref', 0, u32(1), fullBox('url ', 1)));
  const minf = box('minf', fullBox('nmhd', 0), dinf, stbl);
  const mdhd = fullBox('mdhd', 0, u32(0, 0, 1000, 1000), Buffer.from([0x55, 0xc4, 0, 0]));
  return box('trak', tkhd, box('mdia', mdhd, hdlr, minf));
}

/** 3GPP location (loci): language, name, role, longitude, latitude, altitude (16.16), body, notes. */
function loci(): Buffer {
  const fixed = (v: number) => u32(Math.round(v * 65536) >>> 0);
  return fullBox(
    'loci',
    0,
    Buffer.from([0x15, 0xc7]),
    Buffer.from(`Launch pad ${DRONE_LAT} ${DRONE_LON}\0`),
    Buffer.from([0]),
    fixed(Number(DRONE_LON)),
    fixed(Number(DRONE_LAT)),
    fixed(120),
    Buffer.from('earth\0'),
    Buffer.from(`${DRONE_SERIAL}\0`),
  );
}

/**
 * A drone or dash-cam style clip (320x240, 1 s, H.264/AAC): GPS and the serial in a mov_text
 * subtitle track, in H.264 SEI user data of every frame, in the video track's handler name, in a
 * named timecode track, in ©xyz user data, in a udta/loci box deep in the video track (below
 * mdia/minf) and a uuid in its sample table, and in gpmd and mebx timed-metadata tracks whose
 * samples sit in a media data box of their own.
 */
export async function droneMp4(): Promise<Buffer> {
  return cached('drone v1', () =>
    inTemp((dir) => {
      const srt = path.join(dir, 'gps.srt');
      writeFileSync(
        srt,
        `1\n00:00:00,000 --> 00:00:00,500\nGPS(${DRONE_LAT},${DRONE_LON},120.5) SN:${DRONE_SERIAL}\n\n` +
          `2\n00:00:00,500 --> 00:00:01,000\nGPS(47.397751,8.545601,120.7) SN:${DRONE_SERIAL}\n`,
      );
      const out = path.join(dir, 'drone.mp4');
      ffmpeg(
        ...['-f', 'lavfi', '-i', 'testsrc2=s=320x240:r=30', '-f', 'lavfi', '-i', 'sine=f=440', '-i', srt, '-t', '1'],
        ...[
          '-map',
          '0:v',
          '-map',
          '1:a',
          '-map',
          '2:s',
          '-c:v',
          'libx264',
          '-preset',
          'ultrafast',
          '-pix_fmt',
          'yuv420p',
        ],
        ...[
          '-bsf:v',
          `h264_metadata=sei_user_data=a0b1c2d3-e4f5-4a6b-8c7d-9e0f1a2b3c4d+GPS ${DRONE_LAT} ${DRONE_LON} SN ${DRONE_SERIAL}`,
        ],
        ...['-c:a', 'aac', '-b:a', '32k', '-c:s', 'mov_text', '-metadata', 'location=+47.3977+008.5456/'],
        ...[
          '-metadata:s:v:0',
          `handler_name=DJI.AVC SN ${DRONE_SERIAL}`,
          '-timecode',
          '01:00:00:00',
          '-write_tmcd',
          '1',
        ],
        out,
      );
      let file: Buffer = readFileSync(out);
      file = insertBox(file, ['moov', ['trak', 0], 'mdia', 'minf'], box('udta', loci()));
      file = insertBox(
        file,
        ['moov', ['trak', 0], 'mdia', 'minf', 'stbl'],
        box('uuid', Buffer.alloc(16, 0xbe), Buffer.from(`<rdf>GPS ${DRONE_LAT},${DRONE_LON}</rdf>`)),
      );
      // two timed-metadata tracks, their samples in an mdat appended after the movie box
      const gps = Buffer.from(`$GPRMC,${DRONE_LAT},N,${DRONE_LON},E SN ${DRONE_SERIAL}`);
      const moovEnd = file.length;
      const growMoov = (trak: (sampleOffset: number) => Buffer, at: number) => {
        file = insertBox(file, ['moov'], trak(at));
      };
      // the appended mdat holds both samples; offsets count the movie box growing by both traks first
      const trakSize = metadataTrak(100, 'gpmd', 0, gps.length).length;
      const mdatStart = moovEnd + 2 * trakSize;
      growMoov((o) => metadataTrak(100, 'gpmd', o, gps.length), mdatStart + 8);
      growMoov((o) => metadataTrak(101, 'mebx', o, gps.length), mdatStart + 8 + gps.length);
      return Buffer.concat([file, box('mdat', gps, gps)]);
    }),
  );
}

/** Whether any of `leaks` appears in `bytes` (latin1, as a raw byte search). */
export const leaksIn = (bytes: Buffer, leaks: readonly string[] = DRONE_LEAKS): string[] =>
  leaks.filter((l) => bytes.includes(Buffer.from(l, 'latin1')));

/**
 * Tags exiftool reads that say where, who or with what: location, camera, serial, the person,
 * the time taken (a date zeroed in place says nothing and is left out). An ICC profile's own
 * "device model" describes a display class, not the camera.
 */
const PRIVATE_TAG =
  /GPS|Location|Make|Model|Serial|Creator|Artist|Author|Owner|Software|DateTimeOriginal|CreateDate|Keys:|UserData:|XMP|IPTC/i;

export function privateTagsOf(file: Buffer): string[] {
  return inTemp((dir) => {
    const target = path.join(dir, 'served');
    writeFileSync(target, file);
    const [json] = JSON.parse(execFileSync('exiftool', ['-j', '-a', '-G1', '-ee', target]).toString('utf8')) as Array<
      Record<string, unknown>
    >;
    return Object.entries(json!)
      .filter(([k, v]) => !/^0000:00:00 00:00:00/.test(String(v)) && String(v) !== '' && !k.startsWith('ICC'))
      .map(([k]) => k)
      .filter((k) => PRIVATE_TAG.test(k));
  });
}
