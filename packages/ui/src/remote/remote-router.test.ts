import { QueryClient } from '@tanstack/react-query';
import { createElement, type ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { lazyScreen, preloadScreenFor, type RemoteSection } from './remote-router';

function screens() {
  const loads: string[] = [];
  const screen = (name: string, fail = false) =>
    lazyScreen(name, async () => {
      loads.push(name);
      if (fail) throw new Error(`${name}: chunk failed`);
      return { default: () => createElement('p', null, `${name} screen`) };
    });
  const list = screen('list');
  const detail = screen('detail');
  const broken = screen('broken', true);
  const sections: RemoteSection[] = [
    {
      path: '/things',
      children: [
        { path: 'list', ...list },
        { path: 'broken', ...broken },
        { path: ':id', ...detail },
      ],
    },
  ];
  return { loads, list, detail, sections };
}

describe('preloadScreenFor', () => {
  it("loads the code of the screen the path shows, and no other screen's", async () => {
    const { loads, sections } = screens();
    await preloadScreenFor(sections, '/things/list');
    expect(loads).toEqual(['list']);
    await preloadScreenFor(sections, '/things/42');
    expect(loads).toEqual(['list', 'detail']);
  });

  it('lets the preloaded screen render at once, without suspending for its code', async () => {
    const { list, detail, sections } = screens();
    await preloadScreenFor(sections, '/things/list');
    expect(renderToStaticMarkup(list.element as ReactElement)).toBe('<p>list screen</p>');
    // A screen not preloaded still suspends (a server render without a boundary refuses it).
    expect(() => renderToStaticMarkup(detail.element as ReactElement)).toThrow();
  });

  it("does not reject when a screen's code fails to load: the screen fails where it renders, as before", async () => {
    const { sections } = screens();
    await expect(preloadScreenFor(sections, '/things/broken')).resolves.toBeUndefined();
  });

  it('loads nothing for a path of another app', async () => {
    const { loads, sections } = screens();
    await preloadScreenFor(sections, '/elsewhere/list');
    expect(loads).toEqual([]);
  });

  it("asks for the data the screen declared with its code, with the path's params, once while it is fresh", async () => {
    const asked: string[] = [];
    let release: () => void = () => undefined;
    const codeArrived = new Promise<void>((r) => (release = r));
    const detail = lazyScreen(
      'detail',
      async () => {
        await codeArrived;
        return { default: () => createElement('p', null, 'detail') };
      },
      (params, client) =>
        client.prefetchQuery({
          queryKey: ['thing', params.id],
          queryFn: async () => {
            asked.push(params.id!);
            return { id: params.id };
          },
          staleTime: 30_000,
        }),
    );
    const sections: RemoteSection[] = [{ path: '/things', children: [{ path: ':id', ...detail }] }];
    const client = new QueryClient();
    const preloading = preloadScreenFor(sections, '/things/42', client);
    // The request left before the screen's code arrived.
    await new Promise((r) => setTimeout(r, 0));
    expect(asked).toEqual(['42']);
    release();
    await preloading;
    expect(client.getQueryData(['thing', '42'])).toEqual({ id: '42' });
    await preloadScreenFor(sections, '/things/42', client);
    expect(asked).toEqual(['42']);
  });

  it('leaves a failed or throwing prefetch to the screen: the code still loads and nothing rejects', async () => {
    const failing = lazyScreen(
      'a',
      async () => ({ default: () => null }),
      () => Promise.reject(new Error('403')),
    );
    const throwing = lazyScreen(
      'b',
      async () => ({ default: () => null }),
      () => {
        throw new Error('bad params');
      },
    );
    const sections: RemoteSection[] = [
      {
        path: '/x',
        children: [
          { path: 'a', ...failing },
          { path: 'b', ...throwing },
        ],
      },
    ];
    await expect(preloadScreenFor(sections, '/x/a', new QueryClient())).resolves.toBeUndefined();
    await expect(preloadScreenFor(sections, '/x/b', new QueryClient())).resolves.toBeUndefined();
    expect(renderToStaticMarkup(failing.element as ReactElement)).toBe('');
  });
});
