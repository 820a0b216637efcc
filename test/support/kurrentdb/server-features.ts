import type { handleUnaryCall } from '@grpc/grpc-js';
import { gossipPb, serverFeaturesPb, sharedPb } from './protocol';
import { uuidMessage } from './wire-values';

/** The server version the fixture reports; the client only logs it and decides features by method. */
export const FIXTURE_SERVER_VERSION = '24.10.0';

/**
 * `ServerFeatures.GetSupportedMethods`: the methods this fixture serves, in the form the server lists them
 * (lower-case service and method names). The client picks BatchAppend for appends because it is listed,
 * as on every KurrentDB release; the v2 multi-stream append (server 25.1+) is not served, so the client's
 * `multiStreamAppend` reports itself unsupported.
 */
export function supportedMethodsHandler(): handleUnaryCall<
  sharedPb.Empty,
  serverFeaturesPb.SupportedMethods
> {
  return (_call, callback) => {
    const methods = [
      ['event_store.client.streams.streams', 'read', ['position', 'events']],
      ['event_store.client.streams.streams', 'append', []],
      ['event_store.client.streams.streams', 'batchappend', []],
      ['event_store.client.server_features.serverfeatures', 'getsupportedmethods', []],
      ['event_store.client.gossip.gossip', 'read', []],
    ] as const;
    const reply = new serverFeaturesPb.SupportedMethods().setEventStoreServerVersion(FIXTURE_SERVER_VERSION);
    reply.setMethodsList(
      methods.map(([service, method, features]) =>
        new serverFeaturesPb.SupportedMethod()
          .setServiceName(service)
          .setMethodName(method)
          .setFeaturesList([...features]),
      ),
    );
    callback(null, reply);
  };
}

/** `Gossip.Read`: a single alive leader at the fixture's own address, as a single node reports itself. */
export function gossipHandler(
  instanceId: string,
  port: () => number,
): handleUnaryCall<sharedPb.Empty, gossipPb.ClusterInfo> {
  return (_call, callback) => {
    const member = new gossipPb.MemberInfo();
    member.setInstanceId(uuidMessage(instanceId, false));
    member.setTimeStamp(String(BigInt(Date.now()) * 10_000n));
    member.setState(gossipPb.MemberInfo.VNodeState.LEADER);
    member.setIsAlive(true);
    member.setHttpEndPoint(new gossipPb.EndPoint().setAddress('127.0.0.1').setPort(port()));
    callback(null, new gossipPb.ClusterInfo().setMembersList([member]));
  };
}
