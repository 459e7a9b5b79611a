import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { render, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { expect, vi } from 'vitest';
import { ApiError, swrFetcher } from '../../web/src/lib/api';
import { t } from '../../web/src/lib/i18n';
import { sessionStore } from '../../web/src/lib/session';
import { ToastOutlet, toast } from '../../web/src/lib/toast';

/** What a stubbed endpoint answers: its `data`, or a failure with the server's message. */
export type Answer =
  | { data: unknown; message?: string }
  | { status: number; message: string; errorData?: unknown }
  | (() => Promise<Answer>);

/** The stubbed API: a path (with its query, else without) to its answer; every call made is in `calls`. */
export interface StubbedApi {
  calls: { method: string; path: string; body?: Record<string, string> }[];
}

/**
 * Stubs `fetch` for the SPA's one API client: `/api<path>` answers the contract's envelope from
 * `answers`, looked up by path and query, then by path alone; anything else is a 404. The browser
 * and integration tiers keep the real server; here only the component is under test.
 */
export function stubApi(answers: Record<string, Answer>): StubbedApi {
  const api: StubbedApi = { calls: [] };
  vi.stubGlobal('fetch', async (input: string, init: RequestInit = {}) => {
    const url = new URL(input, 'http://shop.test');
    const path = url.pathname.replace(/^\/api/, '') + url.search;
    const body = init.body instanceof FormData ? Object.fromEntries([...init.body].map(([key, value]) => [key, String(value)])) : undefined;
    api.calls.push({ method: init.method ?? 'GET', path, body });
    let answer = answers[path] ?? answers[url.pathname.replace(/^\/api/, '')];
    while (typeof answer === 'function') answer = await answer();
    if (!answer) return Response.json({ status: 0, message: `No stub for ${path}` }, { status: 404 });
    if ('data' in answer) return Response.json({ status: 1, message: answer.message ?? '', data: answer.data });
    return Response.json(
      { status: 0, message: answer.message, ...(answer.errorData === undefined ? {} : { data: answer.errorData }) },
      { status: answer.status },
    );
  });
  return api;
}

/** Where the rendered component's router is now (a link followed, a navigation). */
export const location = { path: '' };
function LocationProbe() {
  const here = useLocation();
  location.path = here.pathname + here.search;
  return null;
}

/**
 * Renders `ui` as the app shell holds it (app/app.tsx): the catalogs, SWR with the shop's fetcher
 * and its read-error toast, a router at `path` (with `route` as the matched pattern, for a page
 * that reads its params) and the toasts' outlet. Each render has its own SWR cache.
 */
export function renderWithShop(
  ui: ReactNode,
  { path = '/', route, signedInAs }: { path?: string; route?: string; signedInAs?: string } = {},
) {
  if (signedInAs) sessionStore.setToken(signedInAs);
  const onError = (error: unknown) => {
    if (error instanceof ApiError && error.status === 401) return;
    const message = error instanceof Error ? error.message : t('common.somethingWrong');
    toast.error(message, { toastId: message });
  };
  return render(
    <I18nProvider i18n={i18n}>
      <SWRConfig
        value={{
          provider: () => new Map(),
          fetcher: swrFetcher,
          onError,
          revalidateOnFocus: false,
          shouldRetryOnError: false,
          dedupingInterval: 0,
        }}
      >
        <MemoryRouter initialEntries={[path]}>
          <LocationProbe />
          {route ? (
            <Routes>
              <Route path={route} element={ui} />
              <Route path="*" element={null} />
            </Routes>
          ) : (
            ui
          )}
        </MemoryRouter>
        <ToastOutlet />
      </SWRConfig>
    </I18nProvider>,
  );
}

/** Waits for a toast saying `text` (react-toastify's container loads with the first toast). */
export const findToast = (text: string) =>
  waitFor(() => expect([...document.querySelectorAll('.Toastify__toast')].map((toast) => toast.textContent)).toContainEqual(text), {
    timeout: 3000,
  });
