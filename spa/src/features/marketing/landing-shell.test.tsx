import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import indexHtml from '../../../index.html?raw';
import { HeroLayout } from './components/hero';
import { LANDING_SHELL_FLAG, LANDING_SHELL_ID } from './landing-shell';

describe('the static landing shell in index.html', () => {
  it('is exactly the hero the app renders, so the hand-over does not move anything', () => {
    const hero = renderToStaticMarkup(
      <MemoryRouter>
        <HeroLayout />
      </MemoryRouter>,
    );
    // On a mismatch, paste this markup into index.html's #landing-shell <main>.
    expect(indexHtml, hero).toContain(hero);
  });

  it('is hidden unless the boot script flags the landing page', () => {
    expect(indexHtml).toContain(`<div id="${LANDING_SHELL_ID}">`);
    expect(indexHtml).toContain(`#${LANDING_SHELL_ID} { display: none; }`);
    expect(indexHtml).toContain(`html[${LANDING_SHELL_FLAG}] #root { display: none; }`);
    expect(indexHtml).toContain('<script src="/marketing/landing-shell.js"></script>');
  });
});
