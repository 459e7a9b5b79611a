/** An IAM statement as a synthesized template states it. */
export type TemplateStatement = {
  Effect: string;
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, string[]>>;
};

type TemplateResource = { Type: string; Properties: Record<string, any> };

/**
 * Every statement a role of the template is granted (its managed policies aside): the role's own
 * inline policies (how infra/constructs/function-roles.ts grants) and any AWS::IAM::Policy
 * attached to it, so that no grant can hide in the other place.
 */
export function roleStatements(resources: Record<string, TemplateResource>, roleId: string): TemplateStatement[] {
  const inline = ((resources[roleId]?.Properties.Policies ?? []) as { PolicyDocument: { Statement: TemplateStatement[] } }[]).flatMap(
    (policy) => policy.PolicyDocument.Statement,
  );
  const attached = Object.values(resources)
    .filter(
      (resource) =>
        resource.Type === 'AWS::IAM::Policy' && (resource.Properties.Roles as { Ref?: string }[]).some((role) => role.Ref === roleId),
    )
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement as TemplateStatement[]);
  return [...inline, ...attached];
}

/** The logical id of a function's role, from the function's resource. */
export const roleIdOf = (fn: TemplateResource | undefined) => fn?.Properties.Role?.['Fn::GetAtt']?.[0] as string | undefined;
