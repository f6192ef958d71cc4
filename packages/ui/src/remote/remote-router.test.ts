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
});
