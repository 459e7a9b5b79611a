import { CfnOutput, RemovalPolicy } from 'aws-cdk-lib';
import {
  CfnEIP,
  FlowLogDestination,
  FlowLogTrafficType,
  GatewayVpcEndpointAwsService,
  IpAddresses,
  NatProvider,
  SecurityGroup,
  SubnetType,
  Vpc,
} from 'aws-cdk-lib/aws-ec2';
import { LogGroup, type RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';

export interface SupplierEgressProps {
  /** Keep the address when the stack goes (prod): the supplier has it whitelisted. */
  retain: boolean;
  logRetention: RetentionDays;
}

/**
 * The fixed outbound address of the delivery functions, the only ones that call the supplier's
 * API (Digiflazz answers only whitelisted addresses: rc 45): a small VPC of two zones with private
 * subnets for the functions, one NAT gateway in a public subnet whose Elastic IP is this stage's
 * address, and a gateway endpoint so that their table calls stay off the NAT. No other function
 * is in it. One NAT gateway is one zone: should that zone fail, deliveries wait in the queue and
 * the delivery job sends them once it is back (every send is claimed first). What it costs is in
 * docs/suppliers/egress.md.
 */
export class SupplierEgress extends Construct {
  readonly vpc: Vpc;
  readonly securityGroup: SecurityGroup;
  /** The Elastic IP the supplier whitelists. */
  readonly address: CfnEIP;

  constructor(scope: Construct, id: string, props: SupplierEgressProps) {
    super(scope, id);
    this.address = new CfnEIP(this, 'Address', { domain: 'vpc' });
    // A new address would need whitelisting again: prod keeps it even when the stack goes.
    this.address.applyRemovalPolicy(props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY);
    new CfnOutput(this, 'OutboundAddress', {
      value: this.address.attrPublicIp,
      description: "The delivery functions' outbound address: whitelist it in the supplier's panel (Digiflazz: Atur Koneksi > API)",
    });
    this.vpc = new Vpc(this, 'Vpc', {
      ipAddresses: IpAddresses.cidr('10.80.0.0/24'),
      maxAzs: 2,
      natGateways: 1,
      natGatewayProvider: NatProvider.gateway({ eipAllocationIds: [this.address.attrAllocationId] }),
      subnetConfiguration: [
        { name: 'Nat', subnetType: SubnetType.PUBLIC, cidrMask: 27 },
        { name: 'Delivery', subnetType: SubnetType.PRIVATE_WITH_EGRESS, cidrMask: 26 },
      ],
      gatewayEndpoints: { Table: { service: GatewayVpcEndpointAwsService.DYNAMODB } },
      // Nothing is ever placed in the default group (the functions have their own): no custom resource to lock it.
      restrictDefaultSecurityGroup: false,
      flowLogs: {
        Rejected: {
          destination: FlowLogDestination.toCloudWatchLogs(
            new LogGroup(this, 'RejectedFlows', {
              retention: props.logRetention,
              removalPolicy: props.retain ? RemovalPolicy.RETAIN : RemovalPolicy.DESTROY,
            }),
          ),
          trafficType: FlowLogTrafficType.REJECT,
        },
      },
    });
    this.securityGroup = new SecurityGroup(this, 'DeliveryFunctions', {
      vpc: this.vpc,
      description: 'Delivery functions: outbound only (the supplier, the table, Secrets Manager), nothing inbound',
      allowAllOutbound: true,
    });
  }
}
