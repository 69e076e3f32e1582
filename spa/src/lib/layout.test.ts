import { describe, expect, it } from 'vitest';
import { removesInvestorWidgets, showsAssistant, showsPublicHeader, showsSidebar, usesAppShell } from './layout';

describe('layout rules', () => {
  it('wraps the signed-in paths and their subpaths in the app shell', () => {
    for (const path of ['/dashboard', '/forms/abc', '/leads', '/pricing', '/earn-rewards', '/compliance-vault']) {
      expect(usesAppShell(path)).toBe(true);
    }
    for (const path of ['/', '/login', '/privacy', '/form-view/abc', '/dashboards']) {
      expect(usesAppShell(path)).toBe(false);
    }
  });

  it('shows the sidebar on menu pages but not on pricing', () => {
    expect(showsSidebar('/dashboard')).toBe(true);
    expect(showsSidebar('/forms/123')).toBe(true);
    expect(showsSidebar('/pricing')).toBe(false);
  });

  it('hides the public header on login, register and form routes', () => {
    for (const path of ['/login', '/register', '/forgot-password', '/form-view/x', '/form-preview/x', '/embed-options/x']) {
      expect(showsPublicHeader(path, false)).toBe(false);
    }
    expect(showsPublicHeader('/', false)).toBe(true);
    expect(showsPublicHeader('/privacy', false)).toBe(true);
  });

  it('shows signed-in users the marketing header only on the landing page, pricing and the Help Center', () => {
    expect(showsPublicHeader('/', true)).toBe(true);
    expect(showsPublicHeader('/pricing', true)).toBe(true);
    expect(showsPublicHeader('/help', true)).toBe(true);
    expect(showsPublicHeader('/help/embed-wordpress', true)).toBe(true);
    expect(showsPublicHeader('/helpful', true)).toBe(false);
    expect(showsPublicHeader('/privacy', true)).toBe(false);
    expect(showsPublicHeader('/dashboard', true)).toBe(false);
  });

  it('shows the assistant to signed-in users off the public pages', () => {
    expect(showsAssistant('/dashboard', true)).toBe(true);
    expect(showsAssistant('/dashboard', false)).toBe(false);
    expect(showsAssistant('/', true)).toBe(false);
    expect(showsAssistant('/terms/', true)).toBe(false);
  });

  it('removes investor widgets for signed-in users except on the landing page', () => {
    expect(removesInvestorWidgets('/dashboard', true)).toBe(true);
    expect(removesInvestorWidgets('/', true)).toBe(false);
    expect(removesInvestorWidgets('/dashboard', false)).toBe(false);
  });
});
