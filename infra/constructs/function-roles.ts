import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { type IRole, ManagedPolicy, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { IBucket } from 'aws-cdk-lib/aws-s3';
import type { ISecret } from 'aws-cdk-lib/aws-secretsmanager';
import { Construct } from 'constructs';

/** How a function may use the table: public reads get `read`, everything else `read-write`. */
export type TableAccess = 'read' | 'read-write';

/** What a function is granted besides writing its own logs. */
export interface FunctionGrants {
  tableAccess?: TableAccess;
  secret?: boolean;
  /** Put objects under the site bucket's uploads/ prefix (to sign upload permits). */
  uploads?: boolean;
}

export interface FunctionRolesProps {
  table: ITable;
  secret: ISecret;
  siteBucket: IBucket;
  uploadsPrefix: string;
}

/**
 * One execution role per set of grants, shared by every function with that set. A role of its own
 * per function would add a role and a policy per route (two of the seven resources each route
 * costs) and bring a stack with the admin routes near CloudFormation's 500.
 */
export class FunctionRoles extends Construct {
  private readonly roles = new Map<string, IRole>();

  constructor(
    scope: Construct,
    id: string,
    private readonly props: FunctionRolesProps,
  ) {
    super(scope, id);
  }

  /** The shared role of these grants, made on first use. */
  roleFor(grants: FunctionGrants): IRole {
    const key = `${grants.tableAccess ?? 'NoTable'}${grants.secret ? 'Secret' : ''}${grants.uploads ? 'Uploads' : ''}`;
    let role = this.roles.get(key);
    if (!role) {
      const name = key.replace(/(^|-)(\w)/g, (_, __, letter: string) => letter.toUpperCase());
      const made = new Role(this, name, {
        assumedBy: new ServicePrincipal('lambda.amazonaws.com'),
        description: `Storefront functions: table ${grants.tableAccess ?? 'none'}, secret ${grants.secret ? 'read' : 'none'}${grants.uploads ? ', uploads' : ''}`,
        managedPolicies: [ManagedPolicy.fromAwsManagedPolicyName('service-role/AWSLambdaBasicExecutionRole')],
      });
      if (grants.tableAccess === 'read') this.props.table.grantReadData(made);
      if (grants.tableAccess === 'read-write') this.props.table.grantReadWriteData(made);
      if (grants.secret) this.props.secret.grantRead(made);
      if (grants.uploads) this.props.siteBucket.grantPut(made, `${this.props.uploadsPrefix}*`);
      role = made;
      this.roles.set(key, role);
    }
    return role;
  }
}
