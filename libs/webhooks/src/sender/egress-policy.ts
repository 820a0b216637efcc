// The egress policy lives in core, where every outbound fetch (webhooks, NFT metadata) reaches it.
export { forbiddenAddressReason } from '@chainwire/core';
