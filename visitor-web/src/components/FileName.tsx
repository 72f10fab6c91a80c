import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import './file-name.css';

/** How long an ending may be and still count as an extension (".jpeg", ".heic", ".webm"). */
const MAX_EXTENSION = 6;

/** A file name split where a cut may fall: the base name, and the extension that stays whole. */
export function splitFileName(name: string): { base: string; extension: string } {
  const dot = name.lastIndexOf('.');
  if (dot <= 0 || name.length - dot - 1 > MAX_EXTENSION || dot === name.length - 1)
    return { base: name, extension: '' };
  return { base: name.slice(0, dot), extension: name.slice(dot) };
}

/**
 * A file name that, when it has to be cut to fit, loses the end of its base name, never its
 * extension: "IMG_2025….jpg", not "IMG_20250614_1832.j…". The whole name stays in the text (read
 * once by a screen reader, copied whole) and in the tooltip. The base may take all but the
 * extension's measured width (an estimate in ch until measured, and without layout).
 */
export function FileName({ name }: { name: string }) {
  const { base, extension } = splitFileName(name);
  const extensionRef = useRef<HTMLSpanElement>(null);
  const baseRef = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const width = extensionRef.current?.getBoundingClientRect().width;
    // 1 px spare: a web font that finishes loading later may widen it a little
    if (width && baseRef.current) baseRef.current.style.setProperty('--extension', `${Math.ceil(width) + 1}px`);
  }, [extension]);
  return (
    <span className="file-name" title={name}>
      <span
        ref={baseRef}
        className="file-name__base"
        style={{ '--extension': `${extension.length + 1}ch` } as CSSProperties}
      >
        {base}
      </span>
      {extension ? (
        <span ref={extensionRef} className="file-name__extension">
          {extension}
        </span>
      ) : null}
    </span>
  );
}
