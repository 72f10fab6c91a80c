import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKey } from '@vibe/contract/client';
import { errorMessage, isStatus } from '../../../lib/api-client';
import { toast } from '../../../components/toast-store';
import { track } from '../../../lib/analytics';
import { fetchRandomMedia, NothingShowableError, recordView, retryOnce, submitVote } from '../api/rating-api';
import type { Id, RateItem, VoteResult } from '../../../api/types';
import { FALLBACK_ASPECT, storedAspect } from '../../../lib/renditions';
import { mediaAreaHeight, stageSizes } from './use-media-area-height';
import {
  dropPreload,
  hintFirstPicture,
  NEXT_CACHE_MS,
  phoneLike,
  prefetchUsable,
  preloadMedia,
  slowLink,
  type Preload,
} from './preload';
import { countShareVisit, openShare } from '../../../lib/share-api';

const MAX_EXCLUDED = 50;

export type RatingStatus = 'loading' | 'ready' | 'empty' | 'rated-all';

export interface LastVote {
  item: RateItem;
  isHot: boolean;
  result: VoteResult | null;
}

const same = (a: Id | undefined, b: Id | undefined) => a !== undefined && b !== undefined && String(a) === String(b);

/**
 * One random item at a time. The next item is prefetched (cached 30 s, kept longer while its
 * media is still loading: see preload.ts) and its media preloaded once the current one has
 * loaded, so a vote or skip swaps it in at once while the vote is still on its way. Votes count
 * only once the item's media has loaded; media that fails to load is skipped for good.
 */
export function useRating(userId: Id | undefined, shareId?: string) {
  const qc = useQueryClient();
  // A share link (/r/{shareId}) puts its item first, once; then the normal random flow.
  const share = useRef(shareId ? { id: shareId, pending: true, mediaId: null as string | null } : null);
  const excluded = useRef<Id[]>([]);
  const voted = useRef(new Set<string>());
  const viewed = useRef(new Set<string>());
  // Items whose media failed to load: never shown again on this page.
  const failed = useRef(new Set<string>());
  const [last, setLast] = useState<LastVote | null>(null);
  const [shownId, setShownId] = useState<string | null>(null);
  const currentKey = useMemo(
    () => [...queryKey('/api/media/random/{userId}', { path: { userId: userId ?? '' } }), 'current'] as const,
    [userId],
  );
  // Votes still on their way must not come back as the next item.
  const recentVotes = () => [...voted.current].slice(-MAX_EXCLUDED);
  const failedIds = () => [...failed.current].slice(-MAX_EXCLUDED);
  const hasFailed = (id: Id) => failed.current.has(String(id));

  /** The shared item when it can be rated here; a link that leads nowhere says so and the flow goes on. */
  const sharedFirst = async (): Promise<RateItem | null> => {
    const s = share.current;
    if (!s?.pending) return null;
    s.pending = false;
    try {
      const opened = await openShare(s.id);
      // the owner's own item, or one already voted on: straight to the random flow
      if (!opened.rateable) return null;
      s.mediaId = String(opened.item.id);
      return opened.item;
    } catch (err) {
      if (isStatus(err, 404))
        toast({
          title: 'That shared photo is not available',
          description: 'It may have been removed, or its link turned off. Here is something else to rate.',
        });
      return null;
    }
  };
  const viaShare = (id: Id) => {
    const s = share.current;
    return s && s.mediaId === String(id) ? s.id : null;
  };

  const pickCurrent = async (): Promise<RateItem | null> => {
    const shared = await sharedFirst();
    if (shared) return shared;
    const pick = await fetchRandomMedia(userId!, [...excluded.current, ...failedIds(), ...recentVotes()]);
    if (!pick || !hasFailed(pick.id)) return pick;
    // The server offers excluded items again when nothing else is left: skipped ones are
    // fine to show again, failed ones are not.
    const again = await fetchRandomMedia(userId!, [...failedIds(), ...recentVotes()]);
    if (!again || !hasFailed(again.id)) return again;
    throw new NothingShowableError();
  };

  const hinted = useRef(false);
  const hintFirst = (pick: RateItem | null) => {
    if (!pick || hinted.current) return pick;
    hinted.current = true;
    const aspect = storedAspect(pick) ?? FALLBACK_ASPECT;
    hintFirstPicture(pick, stageSizes(mediaAreaHeight(window.innerWidth, window.innerHeight), aspect));
    return pick;
  };

  const current = useQuery({
    queryKey: currentKey,
    queryFn: async () => hintFirst(await pickCurrent()),
    enabled: userId !== undefined,
    staleTime: 0,
    gcTime: 0,
    retry: retryOnce,
  });
  const item = current.data ?? null;
  const nextKey = useCallback(
    (id: Id | undefined) =>
      [
        ...queryKey('/api/media/random/{userId}', { path: { userId: userId ?? '' } }),
        'next',
        id === undefined ? null : String(id),
      ] as const,
    [userId],
  );

  const next = useQuery({
    queryKey: nextKey(item?.id),
    queryFn: () => fetchRandomMedia(userId!, [item!.id, ...excluded.current, ...failedIds(), ...recentVotes()]),
    enabled: userId !== undefined && item !== null,
    staleTime: NEXT_CACHE_MS,
    gcTime: NEXT_CACHE_MS,
    // a reconnect must not swap a pick whose media is half downloaded for a new one
    refetchOnReconnect: false,
    retry: retryOnce,
  });

  // Nothing is voted on unseen: the current item's media must have loaded.
  const shown = item !== null && shownId === String(item.id);

  // The next item's media loads once the current one has (which gets the link to itself first),
  // so it paints at once when swapped in; one that fails to load is never swapped in.
  const preloads = useRef(new Map<string, Preload>());
  const n = next.data;
  useEffect(() => {
    if (!n || !shown || preloads.current.has(String(n.id))) return;
    const aspect = storedAspect(n) ?? FALLBACK_ASPECT;
    const p = preloadMedia(n, {
      sizes: stageSizes(mediaAreaHeight(window.innerWidth, window.innerHeight), aspect),
      phone: phoneLike() || slowLink(),
      onSettle: (done) => {
        if (done.state === 'failed') failed.current.add(String(n.id));
      },
    });
    if (!p) return;
    // only the newest few are worth holding on to
    for (const key of [...preloads.current.keys()].slice(0, -3)) {
      dropPreload(preloads.current.get(key)!);
      preloads.current.delete(key);
    }
    preloads.current.set(String(n.id), p);
  }, [n, shown]);

  const [awaitingVote, setAwaitingVote] = useState(false);

  const refetchCurrent = useCallback(() => {
    void qc.refetchQueries({ queryKey: currentKey, exact: true });
  }, [qc, currentKey]);

  /** Swap in the prefetched next item if it is still fresh and usable; false when there is none. */
  const swapToNext = useCallback((): boolean => {
    const from = item?.id;
    const key = nextKey(from);
    const candidate = from === undefined ? undefined : qc.getQueryData<RateItem | null>(key);
    const state = qc.getQueryState(key);
    const fresh =
      candidate != null &&
      state !== undefined &&
      prefetchUsable(state.dataUpdatedAt, preloads.current.get(String(candidate.id)), Date.now());
    if (
      candidate &&
      fresh &&
      !same(candidate.id, from) &&
      !voted.current.has(String(candidate.id)) &&
      !hasFailed(candidate.id) &&
      !excluded.current.some((x) => same(x, candidate.id))
    ) {
      qc.setQueryData(currentKey, candidate);
      return true;
    }
    return false;
  }, [item?.id, qc, currentKey, nextKey]);

  const advance = useCallback(() => {
    if (!swapToNext()) refetchCurrent();
  }, [swapToNext, refetchCurrent]);

  // Callbacks live on the mutation (not on mutate()) so that every vote of a quick series reports.
  const voteMutation = useMutation({
    mutationFn: ({ mediaId, isHot }: { mediaId: Id; isHot: boolean; refetchAfter: boolean }) =>
      submitVote(userId!, mediaId, isHot),
    onSuccess: (result, { mediaId }) => {
      setLast((l) => (l && same(l.item.id, mediaId) ? { ...l, result } : l));
      const link = viaShare(mediaId);
      if (link) countShareVisit(link, 'vote').catch(() => undefined);
    },
    onError: (err, { mediaId }) => {
      // Unless the server says it was already counted, the item may come round again.
      if (!isStatus(err, 409)) voted.current.delete(String(mediaId));
      toast({ title: 'Vote Failed', description: errorMessage(err, 'Failed to submit vote'), variant: 'destructive' });
      setLast((l) => (l && same(l.item.id, mediaId) ? null : l));
    },
    onSettled: (_r, _e, { refetchAfter }) => {
      if (!refetchAfter) return;
      setAwaitingVote(false);
      refetchCurrent();
    },
  });

  const vote = useCallback(
    (isHot: boolean) => {
      if (!item || !shown || userId === undefined || voted.current.has(String(item.id))) return;
      const voting = item;
      voted.current.add(String(voting.id));
      setLast({ item: voting, isHot, result: null });
      track('vote', { mediaId: voting.id, isHot });
      // With no next item ready, ask for one only once the vote is stored: the server would
      // otherwise still offer the item being voted on.
      const swapped = swapToNext();
      if (!swapped) setAwaitingVote(true);
      voteMutation.mutate({ mediaId: voting.id, isHot, refetchAfter: !swapped });
    },
    [item, shown, userId, swapToNext, voteMutation],
  );

  const exclude = (id: Id) => {
    excluded.current = [...excluded.current.filter((x) => !same(x, id)), id].slice(-MAX_EXCLUDED);
  };

  const skip = useCallback(() => {
    if (!item) return;
    exclude(item.id);
    advance();
  }, [item, advance]);

  /** Media that fails to load is skipped (spec §4), and not offered again on this page. */
  const onMediaError = useCallback(() => {
    if (!item) return;
    failed.current.add(String(item.id));
    advance();
  }, [item, advance]);

  /** The media has loaded: voting opens, and a view counts once per item the visitor has not voted on. */
  const onMediaShown = useCallback(() => {
    if (!item) return;
    setShownId(String(item.id));
    // the stage has its own element now: the hidden one that preloaded it stops fetching
    const preloaded = preloads.current.get(String(item.id));
    if (preloaded) dropPreload(preloaded);
    if (userId === undefined || item.userHasVoted) return;
    const key = String(item.id);
    if (viewed.current.has(key)) return;
    viewed.current.add(key);
    recordView(item.id, userId).catch(() => {
      /* a lost view is not worth bothering the visitor */
    });
    const link = viaShare(item.id);
    if (link) countShareVisit(link, 'view').catch(() => undefined);
  }, [item, userId]);

  /**
   * The visitor reported this item: it goes at once and never comes back on this page (the
   * server keeps it out of their picks from now on).
   */
  const onReported = useCallback(
    (id: Id) => {
      failed.current.add(String(id));
      if (item && same(item.id, id)) advance();
    },
    [item, advance],
  );

  const refresh = useCallback(() => {
    excluded.current = [];
    void qc.refetchQueries({ queryKey: currentKey, exact: true });
  }, [qc, currentKey]);

  let status: RatingStatus;
  if (userId === undefined || current.isPending) status = 'loading';
  else if (current.isError) status = 'rated-all';
  else if (current.data === null) status = 'empty';
  else status = 'ready';

  return {
    status,
    item,
    isSwapping: awaitingVote || (current.isFetching && !current.isPending),
    /** The current item's media has loaded. */
    shown,
    last,
    vote,
    skip,
    onMediaError,
    onMediaShown,
    onReported,
    refresh,
  };
}
