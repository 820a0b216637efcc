// The deciders' given/when/then lives beside the Decider type; kept here for the webhook specs' imports.
export { deciderSpec, type ExpectedRefusal } from '@chainwire/event-store/testing';
