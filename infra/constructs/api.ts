import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination, type ThrottleSettings } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { apiBasePath, canonicalPath, fallbackHandler, handlerModule, needsSecret, routes, writesTable } from '../../functions/routes';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction } from './house-function';

export interface ApiProps {
  table: ITable;
  secret: ISecret;
  roles: FunctionRoles;
  /** The site bucket, for the rows that sign upload permits. */
  siteBucket: IBucket;
  defaults: FunctionDefaults;
  /** Default-stage throttling for all routes together. */
  throttle: Required<ThrottleSettings>;
}

/**
 * The HTTP API, built by looping over the route table: one route and one house function per row
 * (read-only table access unless the row writes; the stage secret only where the row needs it), and the `$default`
 * route to the fallback handler, which answers unknown paths and methods in the contract's
 * envelope. Access logs go to their own log group as JSON lines.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table, secret, roles, defaults } = props;

    const fallback = new HouseFunction(this, 'RouteNotFound', {
      entry: handlerModule(fallbackHandler),
      description: `${apiBasePath} fallback: ${fallbackHandler}`,
      defaults,
      roles,
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Storefront API',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('Fallback', fallback),
    });

    for (const row of routes) {
      const path = `${apiBasePath}${canonicalPath(row.path)}`;
      const fn = new HouseFunction(this, constructId(`${row.method} ${row.path}`), {
        entry: handlerModule(row.handler),
        description: `${row.method} ${path}: ${row.handler}`,
        defaults,
        roles,
        table,
        tableAccess: writesTable(row) ? 'read-write' : 'read',
        secret: needsSecret(row) ? secret : undefined,
        uploadBucket: row.uploads ? props.siteBucket : undefined,
      });
      this.httpApi.addRoutes({
        path,
        methods: [HttpMethod[row.method]],
        integration: new HttpLambdaIntegration(`${fn.node.id}Integration`, fn),
      });
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: defaults.logRetention,
      removalPolicy: defaults.logRemovalPolicy,
    });
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
    });
  }
}

const accessLogFormat = AccessLogFormat.custom(
  JSON.stringify({
    requestId: '$context.requestId',
    ip: '$context.identity.sourceIp',
    method: '$context.httpMethod',
    path: '$context.path',
    routeKey: '$context.routeKey',
    status: '$context.status',
    latencyMs: '$context.responseLatency',
    integrationLatencyMs: '$context.integrationLatency',
    integrationError: '$context.integrationErrorMessage',
  }),
);

/** `GET /user/plan_list/{id}` → `GetUserPlanListId`. */
function constructId(routeKey: string): string {
  return routeKey
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}
