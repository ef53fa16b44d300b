import { describe, expect, it } from 'vitest';
import { defaultConfig, type Config } from '../../runtime/config';
import { detectEnv, normalizeProjectPath } from '../../runtime/env';

function config(site: Partial<Config['site']> = {}, platform: Partial<Config['platform']> = {}) {
  const c = defaultConfig();
  return { site: { ...c.site, ...site }, platform: { ...c.platform, ...platform } };
}

describe('environment detection (spec §2 table, in order)', () => {
  it.each([
    // [address, expected env, local]
    ['https://clinic.example/clinic/en/?page=cms', 'cms', true],
    ['https://clinic.example/clinic/preview.php?layout_id=3', 'design', true],
    ['https://clinic.preview.localhost:4173/clinic/en/', 'preview', false],
    ['https://clinic.example/clinic/en/', 'live', false],
    // cms wins over design and preview when several conditions hold
    ['https://clinic.preview.localhost/clinic/preview.php?layout_id=3&page=cms', 'cms', true],
    // design wins over preview
    ['https://clinic.preview.localhost/clinic/preview.php?layout_id=3', 'design', true],
    // the preview page without a layout id is not the design editor
    ['https://clinic.example/clinic/preview.php', 'live', false],
    // a layout id without the preview page is not the design editor either
    ['https://clinic.example/clinic/en/?layout_id=3', 'live', false],
    // other values of the cms parameter are not the cms
    ['https://clinic.example/clinic/en/?page=2', 'live', false],
    // the preview domain must be in the host, not in the path or query
    ['https://clinic.example/preview.localhost/en/?x=preview.localhost', 'live', false],
  ])('%s → %s', (href, env, local) => {
    const e = detectEnv(href, config({ cleanUrlPath: '/clinic' }));
    expect(e.env).toBe(env);
    expect(e.local).toBe(local);
  });

  it('uses the configured platform names', () => {
    const platform = {
      cmsPageParam: 'mode',
      cmsPageValue: 'edit',
      previewPage: 'designer',
      layoutParam: 'tpl',
      previewDomain: 'staging.test',
    };
    expect(detectEnv('https://x.test/?mode=edit', config({}, platform)).env).toBe('cms');
    expect(detectEnv('https://x.test/?page=cms', config({}, platform)).env).toBe('live');
    expect(detectEnv('https://x.test/designer/?tpl=1', config({}, platform)).env).toBe('design');
    expect(detectEnv('https://a.staging.test/', config({}, platform)).env).toBe('preview');
  });

  it('matches a preview domain written with a port or in capitals, as the host is', () => {
    const env = (href: string, previewDomain: string) => detectEnv(href, config({}, { previewDomain })).env;
    expect(env('http://a.preview.test:8080/en/', 'preview.test:8080')).toBe('preview');
    expect(env('http://a.preview.test:8081/en/', 'preview.test:8080')).toBe('live');
    expect(env('http://a.preview.test:8080/en/', 'preview.test')).toBe('preview');
    expect(env('https://a.preview.test/en/', 'Preview.Test')).toBe('preview');
  });
});

describe('project path and baseUrl', () => {
  it.each([
    // cleanUrlPath wins, in any spelling
    ['https://c.example/other/en/?user=bob', { cleanUrlPath: '/clinic' }, '/clinic'],
    ['https://c.example/x/', { cleanUrlPath: 'clinic/' }, '/clinic'],
    ['https://c.example/x/', { cleanUrlPath: '/a/b/' }, '/a/b'],
    // "" is a valid value: the site is at the root
    ['https://c.example/clinic/en/?user=bob', { cleanUrlPath: '' }, ''],
    ['https://c.example/clinic/en/', { cleanUrlPath: '/' }, ''],
    // else ?user= gives /users/{project} (only inside that folder: see the next block)
    ['https://c.example/users/clinic/en/services/?user=clinic&page=cms', {}, '/users/clinic'],
    ['https://c.example/users/clinic/en/?u=clinic', { userParam: 'u' }, '/users/clinic'],
    // else the first projectSegments segments of the path
    ['https://c.example/clinic/en/services/', {}, '/clinic'],
    ['https://c.example/clinic/en/services/', { projectSegments: 2 }, '/clinic/en'],
    ['https://c.example/clinic/en/services/', { projectSegments: 0 }, ''],
    ['https://c.example/clinic', {}, '/clinic'],
    ['https://c.example/', {}, ''],
    // an empty user parameter does not count
    ['https://c.example/clinic/en/?user=', {}, '/clinic'],
    // a file name is a page, not a project folder
    ['https://c.example/preview.php?layout_id=1', {}, ''],
    ['https://c.example/clinic/preview.php?layout_id=1', { projectSegments: 2 }, '/clinic'],
    ['https://c.example/clinic/index.html', {}, '/clinic'],
    // a folder may have a dot in its name
    ['https://c.example/dr.smith/en/', {}, '/dr.smith'],
    ['https://c.example/dr.smith/en/about.html', { projectSegments: 2 }, '/dr.smith/en'],
  ] as const)('%s with %o → %s', (href, site, projectPath) => {
    const e = detectEnv(href, config(site));
    expect(e.projectPath).toBe(projectPath);
    const u = new URL(href);
    expect(e.baseUrl).toBe(`${u.protocol}//${u.host}${projectPath}`);
    expect(e.baseUrl.endsWith('/')).toBe(false);
  });

  it('keeps the port in baseUrl', () => {
    expect(detectEnv('http://clinic.preview.localhost:4173/clinic/en/', config()).baseUrl).toBe(
      'http://clinic.preview.localhost:4173/clinic',
    );
  });

  it.each([
    ['', ''],
    ['/', ''],
    ['clinic', '/clinic'],
    ['//clinic//site/', '/clinic/site'],
  ])('normalizeProjectPath(%j) = %j', (input, output) => {
    expect(normalizeProjectPath(input)).toBe(output);
  });
});

describe('the user parameter (?user=) on live pages and in the editors', () => {
  const project = (href: string, site: Partial<Config['site']> = {}) => detectEnv(href, config(site));

  it.each([
    // the reported attack: a link to a live page naming another project's folder
    'https://host.example/clinic/en/?user=evil',
    'https://host.example/?user=evil',
    // a live page in one project's folder, naming another
    'https://host.example/users/clinic/en/?user=evil',
    // a prefix of the folder is not the folder
    'https://host.example/users/clinicx/en/?user=clinic',
    'https://host.example/users/clinic-old/?user=clinic',
    // a /users/x segment that is not at the start of the path
    'https://host.example/a/users/evil/?user=evil',
  ])('live %s: the user parameter is ignored, the path decides', (href) => {
    const e = project(href);
    expect(e.env).toBe('live');
    const first = new URL(href).pathname.split('/').filter(Boolean)[0];
    expect(e.projectPath).toBe(first ? `/${first}` : '');
    expect(e.baseUrl).toBe(`https://host.example${e.projectPath}`);
  });

  it.each([
    ['https://host.example/users/clinic/en/?user=clinic', '/users/clinic'],
    ['https://host.example/users/clinic?user=clinic', '/users/clinic'],
    ['https://host.example/users/clinic/?user=clinic', '/users/clinic'],
  ])("live %s, already under that project's folder: accepted", (href, projectPath) => {
    const e = project(href);
    expect(e.env).toBe('live');
    expect(e.projectPath).toBe(projectPath);
  });

  // The environment comes from the address too: a link can claim to be the editor.
  it.each([
    ['cms', 'https://builder.example/clinic/en/services/?page=cms&user=evil', '/clinic'],
    ['design', 'https://builder.example/clinic/preview.php?layout_id=3&user=evil', '/clinic'],
    ['preview', 'https://clinic.preview.localhost/clinic/en/?user=evil', '/clinic'],
  ])('%s (%s) outside the folder: ignored, the path decides', (env, href, projectPath) => {
    const e = project(href);
    expect(e.env).toBe(env);
    expect(e.projectPath).toBe(projectPath);
  });

  it.each([
    ['cms', 'https://builder.example/users/clinic/en/services/?page=cms&user=clinic'],
    ['design', 'https://builder.example/users/clinic/preview.php?layout_id=3&user=clinic'],
    ['preview', 'https://clinic.preview.localhost/users/clinic/en/?user=clinic'],
  ])("%s (%s) inside that project's folder: accepted", (env, href) => {
    const e = project(href);
    expect(e.env).toBe(env);
    expect(e.projectPath).toBe('/users/clinic');
    expect(e.baseUrl).toBe(`${new URL(href).origin}/users/clinic`);
  });

  it.each([
    '..',
    '../admin',
    'a/b',
    'a%2Fb',
    '%2e%2e',
    'a b',
    ' clinic',
    'clinic ',
    'a.b',
    'a\\b',
    'cl%C3%AFnic',
    'clïnic',
    'a?b',
    'a#b',
  ])('an unsafe value %j is ignored, even in the cms', (value) => {
    const e = project(`https://builder.example/users/site/en/?page=cms&user=${encodeURIComponent(value)}`);
    expect(e.env).toBe('cms');
    expect(e.projectPath).toBe('/users');
  });

  it('accepts letters, digits, _ and - in the cms', () => {
    expect(project('https://b.example/users/Clinic_2-b/x/?page=cms&user=Clinic_2-b').projectPath).toBe(
      '/users/Clinic_2-b',
    );
  });

  it('site.cleanUrlPath still wins over an accepted user parameter', () => {
    expect(
      project('https://b.example/users/x/?page=cms&user=x', { cleanUrlPath: '/clinic' }).projectPath,
    ).toBe('/clinic');
    expect(project('https://b.example/users/x/?user=x', { cleanUrlPath: '' }).projectPath).toBe('');
  });
});
