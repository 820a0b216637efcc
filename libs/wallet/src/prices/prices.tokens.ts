/** The process's PriceService (one cache of in-flight refreshes, shared by the price and balances queries). */
export const PRICE_SERVICE = Symbol('PriceService');
