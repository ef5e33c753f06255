import type { Database } from '@malewa/db/database';
import { localMediaStore } from '@malewa/media/media-store';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Clock } from './clock.ts';
import { type Config, DEFAULT_VAPID_SUBJECT } from './config.ts';
import type { EventBus } from './events/event-bus.ts';
import { createAccountRepository } from './features/account/account-repository.ts';
import { accountRoutes } from './features/account/account-routes.ts';
import { operatorCreditRoutes } from './features/account/operator-credit-routes.ts';
import { createAddressRepository } from './features/addresses/address-repository.ts';
import { addressRoutes } from './features/addresses/address-routes.ts';
import { createAuditRepository } from './features/audit/audit-repository.ts';
import { auditRoutes } from './features/audit/audit-routes.ts';
import { createAccountsRepository } from './features/auth/accounts-repository.ts';
import { authRoutes } from './features/auth/auth-routes.ts';
import { createIdentityRepository } from './features/auth/identity-repository.ts';
import { createOidcClient } from './features/auth/oidc-client.ts';
import { resolvePrincipal } from './features/auth/resolve-principal.ts';
import { createSessionRepository } from './features/auth/session-repository.ts';
import { createVerificationRepository } from './features/auth/verification-repository.ts';
import { createCartRepository } from './features/carts/cart-repository.ts';
import { cartRoutes } from './features/carts/cart-routes.ts';
import { createCatalogRepository } from './features/catalog/catalog-repository.ts';
import { catalogRoutes } from './features/catalog/catalog-routes.ts';
import { createCatalogSearchRepository } from './features/catalog/catalog-search-repository.ts';
import { createFeaturedRepository } from './features/catalog/featured-repository.ts';
import { operatorFeaturedRoutes } from './features/catalog/operator-featured-routes.ts';
import { createChatRepository } from './features/chat/chat-repository.ts';
import { chatRoutes } from './features/chat/chat-routes.ts';
import { createContactRepository } from './features/contact/contact-repository.ts';
import { contactRoutes } from './features/contact/contact-routes.ts';
import { createJobRepository } from './features/delivery/job-repository.ts';
import { operatorRiderRoutes } from './features/delivery/operator-rider-routes.ts';
import { createRiderRepository } from './features/delivery/rider-repository.ts';
import { riderRoutes } from './features/delivery/rider-routes.ts';
import { shopRiderRoutes } from './features/delivery/shop-rider-routes.ts';
import { createFavoriteRepository } from './features/favorites/favorite-repository.ts';
import { favoriteRoutes } from './features/favorites/favorite-routes.ts';
import { createDocumentStore } from './features/join/document-store.ts';
import { createJoinRepository } from './features/join/join-repository.ts';
import { joinRoutes } from './features/join/join-routes.ts';
import { operatorJoinRoutes } from './features/join/operator-join-routes.ts';
import { createLedgerRepository } from './features/ledger/ledger-repository.ts';
import { ledgerRoutes } from './features/ledger/ledger-routes.ts';
import { createListingRepository } from './features/listings/listing-repository.ts';
import { listingRoutes } from './features/listings/listing-routes.ts';
import { createStockRepository } from './features/listings/stock-repository.ts';
import { createLocationsRepository } from './features/locations/locations-repository.ts';
import { locationsRoutes } from './features/locations/locations-routes.ts';
import { createNotificationsRepository } from './features/notifications/notifications-repository.ts';
import { notificationsRoutes } from './features/notifications/notifications-routes.ts';
import { createPushRepository } from './features/notifications/push-repository.ts';
import { createCouponRepository } from './features/offers/coupon-repository.ts';
import { createOfferAdminRepository } from './features/offers/offer-admin-repository.ts';
import { offerRoutes } from './features/offers/offer-routes.ts';
import { createOrderRefundRepository } from './features/orders/order-refund-repository.ts';
import { createOrderRepository } from './features/orders/order-repository.ts';
import { orderRoutes } from './features/orders/order-routes.ts';
import { operatorOutboxRoutes } from './features/outbox/outbox-routes.ts';
import { createPaymentRepository } from './features/payments/payment-repository.ts';
import { paymentRoutes } from './features/payments/payment-routes.ts';
import { createRefundRepository } from './features/payments/refund-repository.ts';
import { operatorProblemRoutes } from './features/problems/operator-problem-routes.ts';
import { createProblemRepository } from './features/problems/problem-repository.ts';
import { problemRoutes } from './features/problems/problem-routes.ts';
import { createSalesRepository } from './features/sales/sales-repository.ts';
import { salesRoutes } from './features/sales/sales-routes.ts';
import { operatorShopRoutes } from './features/shops/operator-shop-routes.ts';
import { createShopAdminRepository } from './features/shops/shop-admin-repository.ts';
import { createShopRepository } from './features/shops/shop-repository.ts';
import { createShopSettingsRepository } from './features/shops/shop-settings-repository.ts';
import { shopSettingsRoutes } from './features/shops/shop-settings-routes.ts';
import { pingRoutes, probeRoutes } from './features/system/system-routes.ts';
import { loggerOptions } from './logger.ts';
import { createOutboxRepository } from './messages/outbox-repository.ts';
import { type VapidKeys, vapidKeySource } from './messages/vapid-keys.ts';
import { type ApiMetrics, createApiMetrics } from './metrics/api-metrics.ts';
import { createSandboxGateway, type PaymentGateway } from './payments/payment-gateway.ts';
import { registerAuthentication } from './plugins/authentication.ts';
import { registerClientAddress } from './plugins/client-address.ts';
import { answerClientError, registerErrorHandling, sendFrameworkError } from './plugins/error-handler.ts';
import { registerOpenApi } from './plugins/openapi.ts';
import { registerRequestId, requestIdFor } from './plugins/request-id.ts';
import { registerRequestMetrics } from './plugins/request-metrics.ts';
import { responseSerializer } from './plugins/response-serializer.ts';
import { declareStandardAnswers } from './plugins/standard-answers.ts';
import { createMemoryRateLimiter, type RateLimiter } from './rate-limit/rate-limiter.ts';

export interface AppDeps {
  config: Pick<
    Config,
    | 'logLevel'
    | 'bodyLimitBytes'
    | 'requestTimeoutMs'
    | 'trustProxy'
    | 'storefrontSecret'
    | 'auth'
    | 'oidc'
    | 'documentsDir'
    | 'mediaDir'
    | 'dispatch'
  > &
    Partial<Pick<Config, 'logFormat'>> & {
      messages: Pick<Config['messages'], 'publicOrigin'>;
    };
  database: Database;
  /** Counters of the account limits: Redis when several processes run, else in process. */
  rateLimiter?: RateLimiter;
  /** Wake-up calls for live pages (order moves): Redis pub/sub when several processes run. */
  events?: EventBus;
  /** The payment provider: the sandbox unless another is configured. */
  gateway?: PaymentGateway;
  /** The VAPID keys Web Push is signed with (server.ts: from config, else made once and stored). */
  vapidKeys?: () => Promise<VapidKeys>;
  /** The clock of the account services; tests move it. */
  now?: Clock;
  /** How the account services wait out their answer floor; tests record it. */
  wait?: (ms: number) => Promise<unknown>;
  /** The process's series (server.ts serves them on METRICS_PORT); else the app's own. */
  metrics?: ApiMetrics;
  /** False once shutdown has begun, so that readiness fails while requests drain. */
  isAccepting?: () => boolean;
  logger?: FastifyServerOptions['logger'];
}

/**
 * Builds the whole API without listening: `server.ts` listens, tests use `app.inject`.
 * The auth API lives under /auth and the base API under /api.
 */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: deps.logger ?? loggerOptions(deps.config.logLevel, deps.config.logFormat ?? 'json'),
    bodyLimit: deps.config.bodyLimitBytes,
    requestTimeout: deps.config.requestTimeoutMs,
    // Node checks request timeouts every 30 s by default, so a body trickled in was held for
    // up to a minute against a 30 s limit: check every second at most.
    http: {
      requestTimeout: deps.config.requestTimeoutMs,
      headersTimeout: deps.config.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(1000, Math.ceil(deps.config.requestTimeoutMs / 4)),
    },
    clientErrorHandler: answerClientError,
    trustProxy: deps.config.trustProxy,
    // The route table is the contract: `/api/locations/` is not `/api/locations`.
    routerOptions: { ignoreTrailingSlash: false, maxParamLength: 200 },
    return503OnClosing: true,
    frameworkErrors: sendFrameworkError,
    // The caller's X-Request-Id (the storefront's) or a new one: `reqId` in every log line.
    genReqId: requestIdFor,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  app.decorateRequest('principal', null);
  registerRequestId(app);
  const metrics =
    deps.metrics ?? createApiMetrics({ database: deps.database, outbox: createOutboxRepository(deps.database.db) });
  registerRequestMetrics(app, metrics);
  registerClientAddress(app, deps.config.storefrontSecret);
  registerErrorHandling(app);
  declareStandardAnswers(app);
  await registerOpenApi(app);

  // Every call carries `Content-Type: application/json` (docs/product/pages.md, calls to the
  // API), one without a body too (a DELETE, a POST that is only a verb: merge my carts, cancel
  // my order); there is then nothing to parse, and Fastify would refuse the empty body as
  // invalid JSON.
  app.addHook('onRequest', (request, _reply, done) => {
    const length = request.headers['content-length'];
    if ((length === undefined || length === '0') && request.headers['transfer-encoding'] === undefined) {
      delete request.headers['content-type'];
    }
    done();
  });

  const isAccepting = deps.isAccepting ?? (() => true);
  // Closing the server ends only the connections idle at that moment: a keep-alive connection
  // whose request finishes later would hold the process until its keep-alive timeout (72 s),
  // past the shutdown deadline. Asking the client to hang up lets Node close it at once.
  app.addHook('onSend', (_request, reply, payload, done) => {
    if (!isAccepting()) reply.header('connection', 'close');
    // Every answer is JSON for one caller (tokens, codes, a shopper's data): never sniffed as
    // something else, never kept by a cache on the way.
    reply.header('x-content-type-options', 'nosniff');
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-store');
    done(null, payload);
  });
  const { db, transaction } = deps.database;
  const authDeps = {
    accounts: createAccountsRepository(db),
    sessions: createSessionRepository(db),
    verification: createVerificationRepository(db),
    identities: createIdentityRepository(db),
    // What an account's events write elsewhere goes through its owners (auth's ports).
    outbox: createOutboxRepository(db),
    notices: createNotificationsRepository(db),
    credit: createAccountRepository(db),
    transaction,
    limiter: deps.rateLimiter ?? createMemoryRateLimiter(),
    config: deps.config.auth,
    oidc: createOidcClient(deps.config.oidc),
    publicOrigin: deps.config.messages.publicOrigin,
    ...(deps.now ? { now: deps.now } : {}),
    ...(deps.wait ? { wait: deps.wait } : {}),
  };
  registerAuthentication(app, (token) => resolvePrincipal(authDeps, token));

  await app.register(probeRoutes, { pingDatabase: () => deps.database.ping(), isAccepting });
  await app.register(pingRoutes, { prefix: '/auth' });
  await app.register(authRoutes, { prefix: '/auth', ...authDeps });
  const audit = createAuditRepository(db);
  await app.register(locationsRoutes, {
    prefix: '/api',
    locations: createLocationsRepository(db),
    writes: {
      audit,
      accounts: authDeps.accounts,
      transaction,
      locations: createLocationsRepository(db),
      now: deps.now,
    },
  });
  await app.register(contactRoutes, { prefix: '/api', contact: createContactRepository(db) });
  // Catalog reads may come from a replica (DATABASE_READ_URL); a shopper's own data never does.
  await app.register(catalogRoutes, {
    prefix: '/api',
    catalog: createCatalogRepository(deps.database.catalogDb),
    search: createCatalogSearchRepository(deps.database.catalogDb, { now: deps.now }),
    now: deps.now,
  });
  const push = createPushRepository(db);
  const vapidKeys = deps.vapidKeys ?? vapidKeySource({ subject: DEFAULT_VAPID_SUBJECT, keys: undefined }, push);
  await app.register(notificationsRoutes, {
    prefix: '/api',
    notifications: createNotificationsRepository(db),
    push,
    pushKey: async () => (await vapidKeys()).publicKey,
    transaction,
    ...(deps.now ? { now: deps.now } : {}),
  });
  const carts = createCartRepository(db);
  await app.register(accountRoutes, {
    prefix: '/api',
    account: createAccountRepository(db),
    accounts: authDeps.accounts,
    notifications: createNotificationsRepository(db),
    carts,
  });
  await app.register(addressRoutes, { prefix: '/api', addresses: createAddressRepository(db), transaction });
  await app.register(favoriteRoutes, { prefix: '/api', favorites: createFavoriteRepository(db) });
  const orders = createOrderRepository(db);
  const jobs = createJobRepository(db);
  const riders = createRiderRepository(db);
  await app.register(cartRoutes, {
    prefix: '/api',
    carts,
    bookings: orders,
    catalog: createCatalogRepository(db),
    transaction,
    now: deps.now,
  });
  const checkoutDeps = {
    transaction,
    carts,
    credits: createAccountRepository(db),
    ledger: createLedgerRepository(db),
    bookings: orders,
    stock: createStockRepository(db),
    coupons: createCouponRepository(db),
    orders,
    shops: createShopRepository(db),
    accounts: authDeps.accounts,
    outbox: authDeps.outbox,
    publicOrigin: deps.config.messages.publicOrigin,
    // Web Push subscriptions, for who is told about a step and how (flows/send-notices.ts).
    push,
    payments: createPaymentRepository(db),
    refunds: createRefundRepository(db),
    gateway: deps.gateway ?? createSandboxGateway(),
    events: deps.events,
    now: deps.now,
    jobs,
    riders,
    dispatch: deps.config.dispatch,
    notices: authDeps.notices,
    // The order's live stream sends its chat's messages to those who read it.
    chat: createChatRepository(db),
    metrics,
    log: app.log,
  };
  await app.register(orderRoutes, { prefix: '/api', ...checkoutDeps });
  const riderDeps = { ...checkoutDeps, audit, limiter: authDeps.limiter };
  await app.register(riderRoutes, { prefix: '/api', ...riderDeps });
  await app.register(shopRiderRoutes, { prefix: '/api', ...riderDeps });
  await app.register(operatorRiderRoutes, { prefix: '/api', ...riderDeps });
  await app.register(chatRoutes, {
    prefix: '/api',
    chat: createChatRepository(db),
    limiter: authDeps.limiter,
    events: deps.events,
    now: deps.now,
  });
  const join = createJoinRepository(db);
  const documents = createDocumentStore(deps.config.documentsDir);
  await app.register(joinRoutes, { prefix: '/api', join, documents, now: deps.now });
  await app.register(operatorJoinRoutes, {
    prefix: '/api',
    join,
    documents,
    shops: checkoutDeps.shops,
    accounts: checkoutDeps.accounts,
    audit,
    outbox: checkoutDeps.outbox,
    publicOrigin: checkoutDeps.publicOrigin,
    transaction,
    now: deps.now,
  });
  await app.register(operatorShopRoutes, {
    prefix: '/api',
    shops: createShopAdminRepository(db),
    audit,
    accounts: checkoutDeps.accounts,
    transaction,
    now: deps.now,
  });
  await app.register(ledgerRoutes, {
    prefix: '/api',
    ledger: checkoutDeps.ledger,
    audit,
    accounts: checkoutDeps.accounts,
    transaction,
    now: deps.now,
  });
  await app.register(operatorCreditRoutes, {
    prefix: '/api',
    credits: checkoutDeps.credits,
    ledger: checkoutDeps.ledger,
    audit,
    accounts: checkoutDeps.accounts,
    transaction,
    now: deps.now,
  });
  await app.register(listingRoutes, {
    prefix: '/api',
    listings: createListingRepository(db),
    media: localMediaStore(deps.config.mediaDir),
  });
  await app.register(shopSettingsRoutes, {
    prefix: '/api',
    settings: createShopSettingsRepository(db),
    now: deps.now,
  });
  await app.register(salesRoutes, { prefix: '/api', sales: createSalesRepository(db) });
  await app.register(offerRoutes, {
    prefix: '/api',
    offers: createOfferAdminRepository(db),
    audit,
    accounts: checkoutDeps.accounts,
    transaction,
    now: deps.now,
  });
  await app.register(operatorFeaturedRoutes, {
    prefix: '/api',
    catalog: createCatalogRepository(db),
    featured: createFeaturedRepository(db),
    audit,
    accounts: checkoutDeps.accounts,
    transaction,
    now: deps.now,
  });
  await app.register(auditRoutes, { prefix: '/api', audit });
  await app.register(operatorOutboxRoutes, {
    prefix: '/api',
    outbox: authDeps.outbox,
    audit,
    accounts: authDeps.accounts,
    transaction,
    now: deps.now,
  });
  await app.register(paymentRoutes, { prefix: '/api', ...checkoutDeps });
  const problemDeps = {
    ...checkoutDeps,
    problems: createProblemRepository(db),
    orderRefunds: createOrderRefundRepository(db),
    notices: authDeps.notices,
    audit,
    media: localMediaStore(deps.config.mediaDir),
  };
  await app.register(problemRoutes, { prefix: '/api', ...problemDeps });
  await app.register(operatorProblemRoutes, { prefix: '/api', ...problemDeps });

  return app;
}
