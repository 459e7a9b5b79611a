import { parentPort, workerData } from 'node:worker_threads';
import type { APIGatewayProxyEventV2, Context } from 'aws-lambda';

/**
 * One Lambda function of the local stack, in a worker thread of its own: it imports the handler
 * module once (a cold start) with only the environment its function gets, then answers
 * invocations one message at a time, as a warm container would.
 */
interface Invocation {
  id: number;
  event: APIGatewayProxyEventV2;
  context: { functionName: string; awsRequestId: string; deadline: number };
}

type Handler = (event: unknown, context: Context) => Promise<unknown>;

const { module } = workerData as { module: string };
const loading: Promise<Handler> = import(module).then((imported: { handler: Handler }) => imported.handler);
// A module that fails to load answers every invocation with that failure; it must not crash the host.
loading.catch(() => undefined);

function lambdaContext({ functionName, awsRequestId, deadline }: Invocation['context']): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: '$LATEST',
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: '1024',
    awsRequestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: 'local',
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

parentPort!.on('message', async ({ id, event, context }: Invocation) => {
  try {
    const handler = await loading;
    parentPort!.postMessage({ id, result: await handler(event, lambdaContext(context)) });
  } catch (error) {
    parentPort!.postMessage({ id, error: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
