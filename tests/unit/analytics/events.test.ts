import { describe, expect, it } from 'vitest';
import {
  depthReached,
  DOWNLOAD_EXTENSIONS,
  linkEvent,
  newThresholds,
  searchTerm,
  SEARCH_PARAMS,
  VIDEO_PROGRESS,
} from '../../../runtime/analytics/events';

const PAGE = 'https://clinic.example/clinic/en/resources/';

describe('link events (contract §5)', () => {
  it.each([
    // href, expected event name (null = nothing)
    ['https://www.who.int/health-topics/influenza', 'click'],
    ['//cdn.other.example/page', 'click'],
    ['http://clinic.example.org/', 'click'],
    ['/clinic/en/news/', null],
    ['https://clinic.example/clinic/en/', null],
    ['#hours', null],
    ['?q=flu', null],
    ['mailto:desk@clinic.example', null],
    ['tel:+15550100', null],
    ['javascript:void(0)', null],
    ['/clinic/assets/docs/registration.pdf', 'file_download'],
    ['/files/REPORT.PDF?download=1#page=2', 'file_download'],
    ['https://other.example/leaflet.docx', 'file_download'],
    ['/files/rates.xlsx', 'file_download'],
    ['/files/slides.pptx', 'file_download'],
    ['/files/notes.odt', 'file_download'],
    ['/files/archive.zip', 'file_download'],
    ['/files/archive.tar.gz', 'file_download'],
    ['/files/podcast.mp3', 'file_download'],
    ['/files/tour.mp4', 'file_download'],
    ['/files/tour.webm', 'file_download'],
    ['/files/page.html', null],
    ['/files/image.png', null],
    ['/pdf/', null],
    ['/files/.pdf', null],
  ])('%s → %s', (href, name) => {
    expect(linkEvent(href, PAGE, 'text')?.name ?? null).toBe(name);
  });

  it('outbound clicks carry link_url, link_domain, link_text and outbound: true', () => {
    expect(linkEvent('https://www.who.int/a?b=1', PAGE, '  The WHO\n on  flu ')).toEqual({
      name: 'click',
      params: {
        link_url: 'https://www.who.int/a?b=1',
        link_domain: 'www.who.int',
        link_text: 'The WHO on flu',
        outbound: true,
      },
    });
  });

  it('downloads carry file_extension, file_name, link_text and link_url', () => {
    expect(linkEvent('/clinic/docs/Registration%20form.PDF', PAGE, 'Form')).toEqual({
      name: 'file_download',
      params: {
        file_extension: 'pdf',
        file_name: '/clinic/docs/Registration form.PDF',
        link_text: 'Form',
        link_url: 'https://clinic.example/clinic/docs/Registration%20form.PDF',
        link_domain: 'clinic.example',
      },
    });
  });

  it('the list covers pdf, office documents, archives, audio and video (spec §9)', () => {
    for (const ext of [
      'pdf',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'zip',
      'rar',
      '7z',
      'gz',
      'mp3',
      'wav',
      'mp4',
      'mov',
      'avi',
    ])
      expect(DOWNLOAD_EXTENSIONS).toContain(ext);
  });

  it('an unparsable address is nothing', () => {
    expect(linkEvent('http://[::1', PAGE, '')).toBeNull();
  });
});

describe('site search (spec §9)', () => {
  it('reads q, s, search, query and keyword, in that order', () => {
    expect(SEARCH_PARAMS).toEqual(['q', 's', 'search', 'query', 'keyword']);
    expect(searchTerm(`${PAGE}?q=flu`)).toBe('flu');
    expect(searchTerm(`${PAGE}?s=flu+shot`)).toBe('flu shot');
    expect(searchTerm(`${PAGE}?search=a`)).toBe('a');
    expect(searchTerm(`${PAGE}?query=b`)).toBe('b');
    expect(searchTerm(`${PAGE}?keyword=c`)).toBe('c');
    expect(searchTerm(`${PAGE}?keyword=c&q=first`)).toBe('first');
    expect(searchTerm(`${PAGE}?q=&s=second`)).toBe('second');
    expect(searchTerm(`${PAGE}?page=2`)).toBeUndefined();
    expect(searchTerm(`${PAGE}?q=%20%20`)).toBeUndefined();
  });
});

describe('thresholds', () => {
  it('scroll depth: the bottom of the window at 90 % of the page', () => {
    expect(depthReached(0, 800, 1000)).toBe(false);
    expect(depthReached(99, 800, 1000)).toBe(false);
    expect(depthReached(100, 800, 1000)).toBe(true);
    expect(depthReached(0, 800, 0)).toBe(false);
  });
  it('video progress at 10, 25, 50, 75 %, each once, several at a time after a jump', () => {
    expect(VIDEO_PROGRESS).toEqual([10, 25, 50, 75]);
    expect(newThresholds(5, new Set())).toEqual([]);
    expect(newThresholds(10, new Set())).toEqual([10]);
    expect(newThresholds(60, new Set([10]))).toEqual([25, 50]);
    expect(newThresholds(100, new Set([10, 25, 50, 75]))).toEqual([]);
  });
});
