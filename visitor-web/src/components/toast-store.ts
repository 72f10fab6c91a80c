import { useSyncExternalStore } from 'react';

export interface ToastInput {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive' | 'success';
}

export interface ToastItem extends ToastInput {
  id: number;
  open: boolean;
}

/** The spec allows one toast at a time: a new toast replaces the one on screen. */
const LIMIT = 1;
let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function emit(): void {
  for (const l of listeners) l();
}

export function toast(input: ToastInput): number {
  const id = nextId++;
  items = [{ ...input, id, open: true }, ...items].slice(0, LIMIT);
  emit();
  return id;
}

export function dismissToast(id: number): void {
  items = items.map((t) => (t.id === id ? { ...t, open: false } : t));
  emit();
}

export function removeToast(id: number): void {
  items = items.filter((t) => t.id !== id);
  emit();
}

function subscribe(l: () => void): () => void {
  listeners.add(l);
  return () => listeners.delete(l);
}

export function useToasts(): ToastItem[] {
  return useSyncExternalStore(
    subscribe,
    () => items,
    () => items,
  );
}

export function clearToasts(): void {
  items = [];
  emit();
}
