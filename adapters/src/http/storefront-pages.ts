import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { type GetListingPreview, type GetSellerProfile, type GetSitemap, type GetSitemapPart, type ListingPreview, type ShareCard, type Sitemap, type SitemapEntry, SITEMAP_SITE_PAGES_MAX } from '@voltmarket/application';
import { BRANDS, DomainError, LISTING_LOCATIONS } from '@voltmarket/domain';
import type { Logger } from 'pino';
import { sendError } from './errors.js';
import { type FirstViewApi, type FirstViewRenderer, hasMemberCookie, wantsDataSaver, withFirstView } from './first-view.js';

export interface StorefrontPagesOptions {
  /** The built storefront (index.html and assets/). */
  dir: string;
  /** Absolute base of every link we hand out (shared links, sitemap). */
  publicUrl: string;
  preview: GetListingPreview;
  seller: GetSellerProfile;
  sitemap: GetSitemap;
  sitemapPart: GetSitemapPart;
  /** The storefront's renderer of first views; without it (or when it gives none) the browser draws every page. */
  firstView?: () => Promise<FirstViewRenderer | null>;
  /** The API as a request's sender reaches it without signing in, for the renderer's queries. */
  api?: (req: Request, member: boolean) => FirstViewApi;
  logger?: Logger;
}

/** The storefront's own pages, listed in the sitemap beside the listings. */
const SITE_PAGES = ['/', '/browse', '/about', '/rent', '/advertise', '/help', '/safety', '/buyer-protection', '/terms', '/privacy'];
if (SITE_PAGES.length > SITEMAP_SITE_PAGES_MAX) throw new Error('A single sitemap file keeps room for SITEMAP_SITE_PAGES_MAX pages of the site');

/** What the server writes into a page's <head> before any script runs: what link previews and search engines read. */
interface PageHead {
  title: string;
  description: string;
  /** Pages that are nobody's business but the signed-in person's, and the 404 page. */
  noindex?: boolean;
  canonicalPath?: string;
  image?: ShareCard & { alt: string };
  /** Open Graph type: a listing is a product. */
  type?: 'website' | 'product';
  price?: number;
  structuredData?: Record<string, unknown>;
}

type PageResult = { status: 200 | 404; head: PageHead } | { redirect: string };

/** A page of the storefront; `firstView`: rendered with its content (first-view.ts), for public pages that need no one signed in. */
interface PageRoute {
  path: RegExp;
  resolve: (m: RegExpExecArray, req: Request, o: StorefrontPagesOptions) => Promise<PageResult> | PageResult;
  firstView?: boolean;
}

const SITE_NAME = 'Voltmarket';
const DEFAULT_TITLE = 'Voltmarket — Electric vehicles to buy, sell and rent in Nigeria';
const DEFAULT_DESCRIPTION = 'Buy and sell electric cars, trucks, motorcycles, buses and bikes in Nigeria. Verified listings, trusted sellers, prices in naira.';
const TYPE_WORDS: Record<string, string> = { car: 'electric cars', truck: 'electric trucks', motorcycle: 'electric motorcycles', bus: 'electric buses', bike: 'electric bikes' };

const naira = (amount: number): string => `₦${amount.toLocaleString('en-US')}`;
const titled = (title: string): string => `${title} | ${SITE_NAME}`;
const page = (title: string, description = DEFAULT_DESCRIPTION, extra: Partial<PageHead> = {}): PageResult => ({
  status: 200,
  head: { title: titled(title), description, ...extra },
});

/**
 * The storefront's pages, mirroring its router (storefront/src/app/routes.tsx; a test keeps the two
 * in step). A path that is not one of them is a 404, with the app's own "Page Not Found" screen.
 */
const PAGES: PageRoute[] = [
  { path: /^\/$/, resolve: () => ({ status: 200, head: { title: DEFAULT_TITLE, description: DEFAULT_DESCRIPTION, canonicalPath: '/' } }), firstView: true },
  { path: /^\/browse$/, resolve: (_m, req) => browsePage(req), firstView: true },
  { path: /^\/vehicles\/(\d{1,10})$/, resolve: (m, _req, o) => vehiclePage(Number(m[1]), o), firstView: true },
  { path: /^\/vehicle\/(\d{1,10})$/, resolve: (m) => ({ redirect: `/vehicles/${m[1]}` }) },
  { path: /^\/sellers\/([A-Za-z0-9_-]{1,128})$/, resolve: (m, _req, o) => sellerPage(m[1]!, o), firstView: true },
  { path: /^\/about$/, resolve: () => page('About', 'Voltmarket is the marketplace for electric vehicles in Nigeria and wider Africa: verified listings, trusted sellers.', { canonicalPath: '/about' }), firstView: true },
  { path: /^\/rent$/, resolve: () => page('Rent an Electric Vehicle', 'Rent an electric car, SUV or truck by the day, week or month in Lagos, Abuja, Port Harcourt and across Nigeria. See the price for your dates before you ask.', { canonicalPath: '/rent' }), firstView: true },
  { path: /^\/advertise$/, resolve: () => page('Advertise', 'Boost your electric vehicle listing on Voltmarket: Basic Boost, Premium Spotlight and Ultimate Exposure, paid securely through Paystack.', { canonicalPath: '/advertise' }), firstView: true },
  { path: /^\/safety$/, resolve: () => page('Safety Tips', 'How to buy an electric vehicle safely in Nigeria: meet in public, inspect the car and its battery, pay only after inspection, and check the ownership and customs papers.', { canonicalPath: '/safety' }), firstView: true },
  { path: /^\/buyer-protection$/, resolve: () => page('Buyer Protection', 'What Voltmarket does to keep scams and misleading listings off the marketplace, and what it does not do: it does not hold buyers\' money or guarantee a car.', { canonicalPath: '/buyer-protection' }), firstView: true },
  { path: /^\/terms$/, resolve: () => page('Terms of Use', 'The rules for buying, selling, renting and advertising electric vehicles on Voltmarket.', { canonicalPath: '/terms' }), firstView: true },
  { path: /^\/privacy$/, resolve: () => page('Privacy', 'What Voltmarket stores about you, why, for how long, and how to have it deleted, in line with the Nigeria Data Protection Act.', { canonicalPath: '/privacy' }), firstView: true },
  { path: /^\/help$/, resolve: () => page('Help Center', 'Answers about selling, moderation, boosts and payments, rentals, chat, reviews, safety and your account on Voltmarket.', { canonicalPath: '/help' }), firstView: true },
  { path: /^\/contact$/, resolve: () => page('Contact Us', 'Write to Voltmarket\'s support team about your account, a listing, a payment, a rental, a problem to report or your data.', { canonicalPath: '/contact' }) },
  { path: /^\/auth$/, resolve: () => page('Sign In', DEFAULT_DESCRIPTION, { noindex: true }) },
  { path: /^\/create-listing$/, resolve: () => page('List Your EV', 'List your electric vehicle for sale on Voltmarket.', { noindex: true }) },
  { path: /^\/edit-listing\/(\d{1,10})$/, resolve: () => page('Edit Listing', DEFAULT_DESCRIPTION, { noindex: true }) },
  { path: /^\/profile$/, resolve: () => page('Profile', DEFAULT_DESCRIPTION, { noindex: true }) },
  { path: /^\/profile\/listings\/(\d{1,10})\/insights$/, resolve: () => page('Listing insights', DEFAULT_DESCRIPTION, { noindex: true }) },
  // An alert email's unsubscribe link: its token stays out of the page's canonical and shared address.
  { path: /^\/unsubscribe$/, resolve: () => page('Stop Alerts', DEFAULT_DESCRIPTION, { noindex: true, canonicalPath: '/unsubscribe' }) },
];

const notFound = (title = 'Page Not Found'): PageResult => ({ status: 404, head: { title: titled(title), description: DEFAULT_DESCRIPTION, noindex: true } });

async function vehiclePage(id: number, o: StorefrontPagesOptions): Promise<PageResult> {
  // Live and sold listings have a public page; a seller's pending listing still opens for them in the app.
  const listing = id >= 1 && id <= 2_147_483_647 ? await o.preview.execute({ id }) : null;
  if (!listing) return notFound('Vehicle Not Found');
  const price = naira(listing.price);
  return {
    status: 200,
    head: {
      title: titled(listing.sold ? `${listing.title} — sold in ${listing.location}` : `${listing.title} — ${price} in ${listing.location}`),
      description: listingDescription(listing),
      canonicalPath: `/vehicles/${listing.id}`,
      type: 'product',
      price: listing.price,
      image: listing.shareCard ? { ...listing.shareCard, url: `${o.publicUrl}${listing.shareCard.url}`, alt: listing.title } : undefined,
      structuredData: {
        '@context': 'https://schema.org',
        '@type': 'Vehicle',
        name: listing.title,
        brand: { '@type': 'Brand', name: listing.brand },
        model: listing.model,
        vehicleModelDate: String(listing.year),
        fuelType: 'Electric',
        mileageFromOdometer: { '@type': 'QuantitativeValue', value: listing.mileage, unitCode: 'KMT' },
        ...(listing.imageUrl ? { image: `${o.publicUrl}${listing.imageUrl}` } : {}),
        offers: {
          '@type': 'Offer',
          price: listing.price,
          priceCurrency: 'NGN',
          availability: listing.sold ? 'https://schema.org/SoldOut' : 'https://schema.org/InStock',
          url: `${o.publicUrl}/vehicles/${listing.id}`,
          areaServed: listing.location,
        },
      },
    },
  };
}

async function sellerPage(id: string, o: StorefrontPagesOptions): Promise<PageResult> {
  const seller = await o.seller.execute({ id }, null).catch((error: unknown) => {
    if (error instanceof DomainError && error.kind === 'not_found') return null;
    throw error;
  });
  if (!seller) return notFound('Seller Not Found');
  const facts = [
    seller.rating ? `★ ${seller.rating.average} from ${seller.rating.count} ${seller.rating.count === 1 ? 'review' : 'reviews'}` : null,
    `${seller.liveListings} ${seller.liveListings === 1 ? 'electric vehicle' : 'electric vehicles'} for sale${seller.cities.length ? ` in ${seller.cities.slice(0, 3).join(', ')}` : ''}`,
    seller.listingsSold > 0 ? `${seller.listingsSold} sold` : null,
    `member since ${new Date(seller.memberSince).toLocaleDateString('en-GB', { month: 'long', year: 'numeric', timeZone: 'Africa/Lagos' })}`,
    seller.responsiveness?.responseTime ?? null,
  ].filter((f): f is string => f !== null);
  const description = `${seller.name} on Voltmarket: ${facts.join(' · ')}.`;
  return { status: 200, head: { title: titled(`${seller.name} — Seller`), description, canonicalPath: `/sellers/${encodeURIComponent(seller.id)}`, type: 'website' } };
}

function listingDescription(l: ListingPreview): string {
  const facts = `${l.year} ${l.brand} ${l.model} ${l.sold ? 'sold' : 'for sale'} in ${l.location}: ${naira(l.price)}, ${l.mileage.toLocaleString('en-US')} km, ${l.range.toLocaleString('en-US')} km range.`;
  const about = l.description.replace(/\s+/g, ' ').trim();
  const text = about ? `${facts} ${about}` : facts;
  return text.length > 200 ? `${text.slice(0, 199).replace(/\s+\S*$/, '')}…` : text;
}

/** /browse?brand=Tesla&location=Port Harcourt reads "Tesla electric vehicles in Port Harcourt"; only catalogue values are echoed. */
function browsePage(req: Request): PageResult {
  const one = (name: string): string | undefined => (typeof req.query[name] === 'string' ? (req.query[name] as string) : undefined);
  const brand = BRANDS.find((b) => b === one('brand'));
  const location = LISTING_LOCATIONS.find((l) => l === one('location'));
  const kind = TYPE_WORDS[one('vehicleType') ?? ''] ?? 'electric vehicles';
  if (!brand && !location && kind === 'electric vehicles') {
    return page('Buy Electric Vehicles', 'Find your perfect electric vehicle from verified sellers across Nigeria', { canonicalPath: '/browse' });
  }
  const what = `${brand ? `${brand} ` : ''}${kind}`;
  const heading = `${what.charAt(0).toUpperCase()}${what.slice(1)}${location ? ` in ${location}` : ' in Nigeria'}`;
  return page(heading, `${heading} from verified sellers on Voltmarket, priced in naira.`);
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
/** JSON inside <script> must not be able to close the script element. */
const scriptJson = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');

function renderHead(template: string, head: PageHead, url: string): string {
  const meta = (attr: 'name' | 'property', key: string, content: string) => `<meta ${attr}="${key}" content="${escapeHtml(content)}" />`;
  const tags = [
    meta('property', 'og:site_name', SITE_NAME),
    meta('property', 'og:type', head.type ?? 'website'),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', url),
    meta('property', 'og:locale', 'en_NG'),
    meta('name', 'twitter:card', head.image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
  ];
  if (head.image) {
    tags.push(meta('property', 'og:image', head.image.url), meta('property', 'og:image:type', 'image/jpeg'));
    tags.push(meta('property', 'og:image:width', String(head.image.width)), meta('property', 'og:image:height', String(head.image.height)));
    tags.push(meta('property', 'og:image:alt', head.image.alt));
    tags.push(meta('name', 'twitter:image', head.image.url), meta('name', 'twitter:image:alt', head.image.alt));
  }
  if (head.price !== undefined) {
    tags.push(meta('property', 'product:price:amount', String(head.price)), meta('property', 'product:price:currency', 'NGN'));
  }
  if (head.canonicalPath) tags.push(`<link rel="canonical" href="${escapeHtml(url)}" />`);
  if (head.noindex) tags.push(meta('name', 'robots', 'noindex'));
  if (head.structuredData) tags.push(`<script type="application/ld+json">${scriptJson(head.structuredData)}</script>`);
  // Functions, not strings, as replacements: a title holding $&, $` or $' would be read as a pattern.
  return template
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta name="description" content="[^"]*" \/>/, () => meta('name', 'description', head.description))
    .replace('</head>', () => `    ${tags.join('\n    ')}\n  </head>`);
}

/**
 * Serves the storefront: its files with long caching, and each page's HTML with its own title,
 * description and link-preview tags written by the server (WhatsApp and search engines do not run
 * scripts), plus robots.txt and a sitemap of the live listings.
 */
export function storefrontPages(o: StorefrontPagesOptions): Router {
  const template = readFileSync(path.join(o.dir, 'index.html'), 'utf8');
  const router = express.Router({ caseSensitive: true, strict: false });

  router.get('/robots.txt', (_req, res) => {
    res.type('text/plain').setHeader('Cache-Control', 'public, max-age=3600');
    res.send(
      ['User-agent: *', 'Allow: /', 'Disallow: /admin', 'Disallow: /api/', 'Disallow: /auth', 'Disallow: /profile',
        'Disallow: /create-listing', 'Disallow: /edit-listing/', 'Disallow: /unsubscribe', '', `Sitemap: ${o.publicUrl}/sitemap.xml`, ''].join('\n'),
    );
  });

  // What the use cases keep (10 minutes) is rendered once: up to 50,000 lines.
  const rendered = new WeakMap<Sitemap | SitemapEntry[], string>();
  /** A <url> of a file, or a <sitemap> of the index. */
  const entry = (tag: 'url' | 'sitemap', loc: string, lastmod?: string) =>
    `  <${tag}><loc>${escapeHtml(`${o.publicUrl}${loc}`)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</${tag}>`;
  const url = (loc: string, lastmod?: string) => entry('url', loc, lastmod);
  const urlSet = (urls: string[]) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  const listingUrls = (entries: SitemapEntry[]) => entries.map((e) => url(`/vehicles/${e.id}`, e.updatedAt));
  const sendXml = (res: Response, xml: string) => res.type('application/xml').setHeader('Cache-Control', 'public, max-age=600').send(xml);

  router.get('/sitemap.xml', async (_req, res) => {
    const sitemap = await o.sitemap.execute();
    let xml = rendered.get(sitemap);
    if (xml === undefined) {
      if (sitemap.kind === 'listings') {
        xml = urlSet([...SITE_PAGES.map((p) => url(p)), ...listingUrls(sitemap.entries)]);
      } else {
        // Too many listings for one file: an index of files, each a range of listing ids.
        const files = [entry('sitemap', '/sitemaps/pages.xml'), ...sitemap.parts.map((p) => entry('sitemap', `/sitemaps/listings-${p.part}.xml`, p.lastModified))];
        xml = `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files.join('\n')}\n</sitemapindex>\n`;
      }
      rendered.set(sitemap, xml);
    }
    sendXml(res, xml);
  });
  const pagesXml = urlSet(SITE_PAGES.map((p) => url(p)));
  router.get('/sitemaps/pages.xml', (_req, res) => sendXml(res, pagesXml));
  // A part the index does not list (or no index: every listing fits /sitemap.xml) is the storefront's 404.
  router.get(/^\/sitemaps\/listings-([1-9]\d{0,6})\.xml$/, async (req, res, next) => {
    const entries = await o.sitemapPart.execute({ part: Number((req.params as Record<string, string>)[0]) });
    if (!entries) return next();
    let xml = rendered.get(entries);
    if (xml === undefined) {
      xml = urlSet(listingUrls(entries));
      rendered.set(entries, xml);
    }
    sendXml(res, xml);
  });

  router.use(express.static(o.dir, { index: false, maxAge: '1h', setHeaders: cacheAssets, redirect: false }));

  /** The page with its first view when the renderer gives one; as it was otherwise (the browser draws it). */
  const withContent = async (html: string, req: Request): Promise<string> => {
    const renderer = o.api ? await o.firstView?.() : null;
    if (!renderer || !o.api) return html;
    const member = hasMemberCookie(req);
    const view = await renderer.render({ url: req.originalUrl, member, dataSaver: wantsDataSaver(req), api: o.api(req, member) }).catch((error: unknown) => {
      o.logger?.warn({ err: error, url: req.originalUrl }, 'A first view failed: the page goes without one');
      return null;
    });
    return view ? withFirstView(html, view) : html;
  };

  router.all(/.*/, async (req: Request, res: Response) => {
    const pathname = req.path.length > 1 ? req.path.replace(/\/+$/, '') : req.path;
    const match = PAGES.map((p) => ({ p, m: p.path.exec(pathname) })).find((x) => x.m);
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      if (!match && !SERVED_FILES.some((file) => file.test(pathname))) return sendError(res, 404, 'NOT_FOUND', `There is no page at ${pathname}.`);
      res.setHeader('Allow', 'GET, HEAD');
      if (req.method === 'OPTIONS') return res.status(204).end();
      return sendError(res, 405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${pathname}.`);
    }
    const result = match?.m ? await match.p.resolve(match.m, req, o) : notFound();
    if ('redirect' in result) {
      const query = req.originalUrl.includes('?') ? req.originalUrl.slice(req.originalUrl.indexOf('?')) : '';
      return res.redirect(301, `${result.redirect}${query}`);
    }
    let html = renderHead(template, result.head, `${o.publicUrl}${result.head.canonicalPath ?? req.originalUrl}`);
    // Public pages and the 404 page come with their content; the signed-in person's own pages are drawn by the browser.
    if (req.method === 'GET' && (!match || match.p.firstView)) html = await withContent(html, req);
    res.status(result.status).setHeader('Cache-Control', 'no-cache');
    // The member and data saver cookies change the page, and so does the browser's Save-Data.
    res.setHeader('Vary', 'Cookie, Save-Data');
    res.type('html').send(html);
  });
  return router;
}

/** The files written above, which answer GET and HEAD only (any other method: 405, or 204 to OPTIONS). */
const SERVED_FILES = [/^\/robots\.txt$/, /^\/sitemap\.xml$/, /^\/sitemaps\/pages\.xml$/, /^\/sitemaps\/listings-[1-9]\d{0,6}\.xml$/];

function cacheAssets(res: Response, filePath: string): void {
  if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
}
