/**
 * The KurrentDB v1 gRPC protocol as the locked client generates it: the fixture serves the very message
 * classes and service definitions the client sends and parses, so a field the client reads is a field the
 * fixture must set (docs/architecture.md §4, §10).
 */
export * as streamsPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_pb';
export * as sharedPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/shared_pb';
export * as statusPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/status_pb';
export * as codePb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/code_pb';
export * as serverFeaturesPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_pb';
export * as gossipPb from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_pb';
export { StreamsService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/streams_grpc_pb';
export { ServerFeaturesService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/serverfeatures_grpc_pb';
export { GossipService } from '@kurrent/kurrentdb-client/generated/kurrentdb/protocols/v1/gossip_grpc_pb';
