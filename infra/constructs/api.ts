import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';
import type { IDistribution } from 'aws-cdk-lib/aws-cloudfront';
import {
  CfnRoute,
  type CfnStage,
  HttpApi,
  HttpIntegration,
  HttpIntegrationType,
  HttpMethod,
  HttpRoute,
  type HttpRouteIntegrationBindOptions,
  HttpRouteKey,
  HttpStage,
  LogGroupLogDestination,
  PayloadFormatVersion,
  type ThrottleSettings,
} from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaAuthorizer, HttpLambdaResponseType } from 'aws-cdk-lib/aws-apigatewayv2-authorizers';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { Duration, NestedStack, Stack } from 'aws-cdk-lib';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import { LogGroup } from 'aws-cdk-lib/aws-logs';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';
import { type Route, apiBasePath, canonicalPath, handlerModule } from '../../functions/routes/route';
import { fallbackHandler, originAuthorizerHandler, routes } from '../../functions/routes';
import {
  functionGrantsOf,
  needsGatewayKey,
  needsLookup,
  needsSecret,
  needsSms,
  needsSupplier,
  needsVapid,
  tableGrantOf,
} from '../../functions/routes/grants';
import type { FunctionRoles } from './function-roles';
import { type FunctionDefaults, HouseFunction, type LookupAccess, type SmsAccess, type SupplierAccess } from './house-function';
import { acknowledge } from '../nag';
import { originVerifyHeader } from '../../functions/shared/config';

export interface ApiProps {
  table: ITable;
  keyRing: ISecret;
  gatewayKey: ISecret;
  /** The top-up supplier, for the row that checks its webhook's signature. */
  supplier: SupplierAccess;
  /** The nickname lookup, for the row that calls it. */
  lookup: LookupAccess;
  /** The SMS provider, for the rows that send text messages. */
  sms: SmsAccess;
  /** The VAPID keys, for the row that hands out the public key. */
  vapidSecret: ISecret;
  /** The origin secret, which every API function expects in x-origin-verify. */
  originVerify: ISecret;
  roles: FunctionRoles;
  /** The site bucket, for the rows that sign upload permits. */
  siteBucket: IBucket;
  /** The shop's e-mail sender, for the rows that send mail. */
  mailFrom: string;
  defaults: FunctionDefaults;
  /** Default-stage throttling for all routes together; /api/auth/* gets a tenth of it. */
  throttle: Required<ThrottleSettings>;
}

/**
 * The HTTP API, built by looping over the route table: one route per row and one house function per
 * handler module (a GET twin shares its POST's function, integration and permission; the table
 * actions and partitions of its row; the key ring, the gateway key, the supplier, the lookup, the SMS provider, the upload
 * bucket and the mail sender only where the row names them), and the `$default` route to the fallback handler, which
 * answers unknown paths and methods in the contract's envelope. Every function refuses a request
 * without CloudFront's origin secret. Access logs go to their own log group as JSON lines.
 *
 * A row of an area (`areas`) has its function, integration and invoke permission in that area's
 * nested stack, three resources a function that the main stack's 500 need not hold; its route stays
 * in the main stack, with the logical id `HttpApi.addRoutes` gave it before the split, and targets
 * the integration by id (an output of the nested stack). So a deployed stage's routes are updated
 * in place, never made again under a key the API already has (decision 0017). The API, its stage,
 * the authorizer, the fallback and the shared log group stay in the main stack, like the roles;
 * CDK passes them to the nested stacks as parameters.
 */
export class Api extends Construct {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  /** The API's access log, a JSON line per request (its 429s and 403s are alarms). */
  readonly accessLogs: LogGroup;
  /** Every function behind the API, the fallback included (for the alarms). */
  readonly functions: HouseFunction[] = [];
  /** The payment webhook's function (its 401s are an alarm of their own). */
  readonly webhook: HouseFunction;
  /** The supplier webhook's function (its 401s too). */
  readonly supplierWebhook: HouseFunction;
  /** The functions of rows that invalidate cached reads. */
  private readonly invalidators: HouseFunction[] = [];
  private readonly roles: FunctionRoles;

  constructor(scope: Construct, id: string, props: ApiProps) {
    super(scope, id);
    const { table, roles, defaults } = props;
    this.roles = roles;
    // A CloudFormation dynamic reference, resolved at deploy: the plain value is in no template.
    const environment = { ORIGIN_VERIFY_SECRET: props.originVerify.secretValue.unsafeUnwrap() };

    // One log group for the API's functions (a stream per function instance, named after it): a
    // group each would cost a resource per route; the two webhooks keep their own for their 401 alarms.
    const functionLogs = new LogGroup(this, 'FunctionLogs', { retention: defaults.logRetention, removalPolicy: defaults.logRemovalPolicy });
    const fallback = new HouseFunction(this, 'RouteNotFound', {
      logGroup: functionLogs,
      entry: handlerModule(fallbackHandler),
      description: `${apiBasePath} fallback: ${fallbackHandler}`,
      defaults,
      environment,
      roles,
    });
    this.functions.push(fallback);
    // CloudFront's origin secret, checked by API Gateway before any route's function runs: a caller
    // of the execute-api URL without it gets API Gateway's own 401, one with a wrong value a 403
    // from this small function (its answer cached per value), never a route function's cold start.
    const originAuthorizer = new HouseFunction(this, 'OriginAuthorizer', {
      logGroup: functionLogs,
      entry: handlerModule(originAuthorizerHandler),
      description: `${apiBasePath} authorizer: ${originAuthorizerHandler}`,
      defaults,
      environment,
      roles,
      memorySize: 256,
    });
    this.functions.push(originAuthorizer);
    const authorizer = new HttpLambdaAuthorizer('CloudFrontOnly', originAuthorizer, {
      identitySource: [`$request.header.${originVerifyHeader}`],
      responseTypes: [HttpLambdaResponseType.SIMPLE],
      resultsCacheTtl: Duration.minutes(5),
    });
    this.httpApi = new HttpApi(this, 'HttpApi', {
      description: 'Storefront API',
      createDefaultStage: false,
      defaultIntegration: new HttpLambdaIntegration('Fallback', fallback),
      defaultAuthorizer: authorizer,
    });

    // The nested stack of each area, made at its first row (CloudFormation refuses a stack without resources).
    const areaStacks = new Map<Area, NestedStack>();
    const areaStackOf = (area: Area): NestedStack => {
      let stack = areaStacks.get(area);
      if (!stack) {
        stack = new NestedStack(this, area, { description: `${Stack.of(this).stackName}: ${areas[area].description}` });
        areaStacks.set(area, stack);
      }
      return stack;
    };
    // Every route in the main stack, under the construct path HttpApi.addRoutes gives it (`HttpApi/<METHOD><path>`),
    // so its logical id is the one it has had since before the area stacks. The authorizer is named although HttpRoute
    // would take the API's default, so that no route can go without CloudFront's secret. A route to an area's function
    // is HttpRoute's own CfnRoute written out (HttpRoute would make the integration beside the route): the same
    // properties, its target the integration in the area's stack.
    const addRoute = (path: string, method: HttpMethod, integration: SharedLambdaIntegration | AreaLambdaIntegration) => {
      if (integration instanceof SharedLambdaIntegration)
        return new HttpRoute(this.httpApi, `${method}${path}`, {
          httpApi: this.httpApi,
          routeKey: HttpRouteKey.with(path, method),
          integration,
          authorizer,
        });
      integration.permit(path);
      // The $default route (HttpApi's defaultIntegration) has bound the authorizer: its id is known.
      return new CfnRoute(new Construct(this.httpApi, `${method}${path}`), 'Resource', {
        apiId: this.httpApi.apiId,
        routeKey: HttpRouteKey.with(path, method).key,
        target: `integrations/${integration.integrationId}`,
        authorizationType: authorizer.authorizationType,
        authorizerId: authorizer.authorizerId,
      });
    };

    const webhooks: Partial<Record<'gateway' | 'supplier', HouseFunction>> = {};
    const authRoutes: Construct[] = [];
    // One function per handler module, made at its first row: a GET twin's route reaches its POST's function.
    const byHandler = new Map<string, { integration: SharedLambdaIntegration | AreaLambdaIntegration; row: Route }>();
    for (const row of routes) {
      const path = `${apiBasePath}${canonicalPath(row.path)}`;
      const made = byHandler.get(row.handler);
      if (made) {
        assertSameGrants(made.row, row);
        const route = addRoute(path, HttpMethod[row.method], made.integration);
        if (row.path.startsWith('/auth/')) authRoutes.push(route);
        continue;
      }
      const area = areaOf(row);
      const fn = new HouseFunction(area ? areaStackOf(area) : this, constructId(`${row.method} ${row.path}`), {
        logGroup: isWebhook(row.access) ? undefined : functionLogs,
        entry: handlerModule(row.handler),
        description: `${row.method} ${path}: ${row.handler}`,
        defaults,
        environment,
        roles,
        table,
        tableGrant: tableGrantOf(row),
        keyRing: needsSecret(row) ? props.keyRing : undefined,
        gatewayKey: needsGatewayKey(row) ? props.gatewayKey : undefined,
        supplier: needsSupplier(row) ? props.supplier : undefined,
        lookup: needsLookup(row) ? props.lookup : undefined,
        sms: needsSms(row) ? props.sms : undefined,
        vapidSecret: needsVapid(row) ? props.vapidSecret : undefined,
        uploadBucket: row.uploads ? props.siteBucket : undefined,
        uploads: row.uploads,
        mailFrom: row.mail ? props.mailFrom : undefined,
        invalidatesEdge: row.invalidates !== undefined && row.invalidates.length > 0,
      });
      if (row.invalidates?.length) this.invalidators.push(fn);
      this.functions.push(fn);
      if (isWebhook(row.access)) webhooks[row.access] = fn;
      const integration = area
        ? new AreaLambdaIntegration(areaStackOf(area), `${fn.node.id}Integration`, fn, this.httpApi)
        : new SharedLambdaIntegration(`${fn.node.id}Integration`, fn);
      byHandler.set(row.handler, { integration, row });
      const route = addRoute(path, HttpMethod[row.method], integration);
      if (row.path.startsWith('/auth/')) authRoutes.push(route);
    }

    const accessLogs = new LogGroup(this, 'AccessLogs', {
      retention: defaults.logRetention,
      removalPolicy: defaults.logRemovalPolicy,
    });
    this.accessLogs = accessLogs;
    if (!webhooks.gateway) throw new Error('The route table has no gateway route (the payment webhook)');
    if (!webhooks.supplier) throw new Error('The route table has no supplier route (the supplier webhook)');
    this.webhook = webhooks.gateway;
    this.supplierWebhook = webhooks.supplier;
    this.stage = new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: props.throttle,
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs), format: accessLogFormat },
    });
    // Tighter on sign-in and registration (the WAF also limits them per address): HttpStage has no per-route throttle, its L1 has.
    const authThrottle = {
      ThrottlingRateLimit: Math.max(1, Math.floor(props.throttle.rateLimit / 10)),
      ThrottlingBurstLimit: Math.max(1, Math.floor(props.throttle.burstLimit / 10)),
    };
    (this.stage.node.defaultChild as CfnStage).routeSettings = Object.fromEntries(
      routes
        .filter((row) => row.path.startsWith('/auth/'))
        .map((row) => [`${row.method} ${apiBasePath}${canonicalPath(row.path)}`, authThrottle]),
    );
    // Route settings name routes, which must exist before the stage that names them.
    for (const route of authRoutes) this.stage.node.addDependency(route);
    acknowledge(this.httpApi, [
      {
        id: 'AwsSolutions-APIG4',
        reason:
          "Every route has the origin authorizer (CloudFront's secret); who may do what is in each function (session token, admin role, gateway key, supplier signature)",
      },
    ]);
  }

  /** Gives the functions of invalidating rows the distribution that fronts the API: its id (EDGE_DISTRIBUTION_ID) and CreateInvalidation on it. */
  allowEdgeInvalidation(distribution: IDistribution): void {
    for (const fn of this.invalidators) fn.addEnvironment('EDGE_DISTRIBUTION_ID', distribution.distributionId);
    this.roles.allowInvalidation(distribution);
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

/**
 * One API Gateway integration for all the routes of a function, and one invoke permission per
 * path: a permission names its path with any stage and any method, so a GET twin of a POST adds
 * its route and nothing else.
 */
class SharedLambdaIntegration extends HttpLambdaIntegration {
  private readonly permittedPaths = new Set<string | undefined>();

  override completeBind(options: HttpRouteIntegrationBindOptions): void {
    if (this.permittedPaths.has(options.route.path)) return;
    this.permittedPaths.add(options.route.path);
    super.completeBind(options);
  }
}

/**
 * A function's integration in its area's nested stack, as HttpLambdaIntegration makes it (AWS_PROXY,
 * payload format 2.0), and in the same stack an invoke permission per path of its routes, scoped
 * like SharedLambdaIntegration's (any stage, any method, that path). Its routes are in the main stack
 * and name it by `integrationId`, which CDK passes up as an output of the nested stack.
 */
class AreaLambdaIntegration extends HttpIntegration {
  private readonly permittedPaths = new Set<string>();

  constructor(
    scope: NestedStack,
    id: string,
    private readonly fn: HouseFunction,
    private readonly api: HttpApi,
  ) {
    super(scope, id, {
      httpApi: api,
      integrationType: HttpIntegrationType.AWS_PROXY,
      integrationUri: fn.functionArn,
      payloadFormatVersion: PayloadFormatVersion.VERSION_2_0,
    });
  }

  /** Lets API Gateway invoke the function for a route on `path`, once a path. */
  permit(path: string): void {
    if (this.permittedPaths.has(path)) return;
    this.permittedPaths.add(path);
    this.fn.addPermission(`Permission${constructId(path)}`, {
      scope: this,
      principal: new ServicePrincipal('apigateway.amazonaws.com'),
      sourceArn: Stack.of(this).formatArn({ service: 'execute-api', resource: this.api.apiId, resourceName: `*/*${path}` }),
    });
  }
}

/**
 * The areas whose rows' functions, integrations and permissions live in a nested stack of their
 * own, by their stack's id, each well under CloudFormation's 500 resources (every row's route is in
 * the main stack). The /auth rows' stay in the main stack, where they have always been, beside the
 * stage whose route settings throttle them; so do the webhooks' three rows', few, with the log
 * groups of their own that the alarms read.
 */
const areas = {
  ConsoleRoutes: {
    prefixes: ['/admin/'],
    description: "the functions of the console's routes (/api/admin/*), their integrations and permissions",
  },
  ShopRoutes: {
    prefixes: ['/user/', '/mail/'],
    description: "the functions of the shopper's routes (/api/user/*, /api/mail/*), their integrations and permissions",
  },
} as const;
type Area = keyof typeof areas;

const areaOf = (row: Route): Area | undefined =>
  (Object.keys(areas) as Area[]).find((area) => areas[area].prefixes.some((prefix) => row.path.startsWith(prefix)));

/** What a function is granted comes from its row: rows sharing a handler must agree on all of it. */
function assertSameGrants(first: Route, other: Route): void {
  if (functionGrantsOf(first) !== functionGrantsOf(other))
    throw new Error(`${other.method} ${other.path} shares ${other.handler} with ${first.method} ${first.path} but not its grants`);
}

/** The rows another company's server calls (the payment gateway, the supplier): each has its own log group, for its 401 alarm. */
const isWebhook = (access: Route['access']): access is 'gateway' | 'supplier' => access === 'gateway' || access === 'supplier';

/** `GET /user/plan_list/{id}` → `GetUserPlanListId`. */
function constructId(routeKey: string): string {
  return routeKey
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((word) => word[0]!.toUpperCase() + word.slice(1).toLowerCase())
    .join('');
}
