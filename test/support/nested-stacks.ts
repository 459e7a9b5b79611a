/**
 * A stack's nested stacks, read back into the stack that holds them: the infra tier and the bundle
 * tier look a function up by its route, its role and its environment wherever its stack is, as
 * the main stack states the values (a nested template names them by its own parameters, which
 * the main stack's AWS::CloudFormation::Stack resource passes).
 */

/** A CloudFormation template as JSON. */
export type TemplateJson = Record<string, unknown> & {
  Resources: Record<string, any>;
  Parameters?: Record<string, unknown>;
  Outputs?: Record<string, { Value: unknown }>;
};

/** The nested stacks of a template, by the logical id of their AWS::CloudFormation::Stack resource in it. */
export type NestedTemplates = Record<string, TemplateJson>;

/**
 * A value of the main stack (`within` undefined) or of one of its nested stacks (`within` its
 * logical id), as the main stack states it: a nested stack's parameter becomes what the main stack
 * passes it, and a nested stack's output (`Fn::GetAtt [stack, Outputs.<name>]`) its value, each
 * followed again (the alarms' parameters are the area stacks' outputs, as are the main stack's
 * routes' targets).
 */
export function inMainTerms(main: TemplateJson, nested: NestedTemplates, value: unknown, within?: string): unknown {
  if (Array.isArray(value)) return value.map((item) => inMainTerms(main, nested, item, within));
  if (!value || typeof value !== 'object') return value;
  const { Ref: ref, 'Fn::GetAtt': getAtt } = value as { Ref?: unknown; 'Fn::GetAtt'?: unknown };
  if (Object.keys(value).length === 1) {
    if (within && typeof ref === 'string' && nested[within]!.Parameters && ref in nested[within]!.Parameters!)
      return inMainTerms(main, nested, main.Resources[within].Properties.Parameters[ref], undefined);
    if (!within && Array.isArray(getAtt) && getAtt[0] in nested && String(getAtt[1]).startsWith('Outputs.')) {
      const output = nested[getAtt[0]]!.Outputs?.[String(getAtt[1]).slice('Outputs.'.length)];
      if (!output) throw new Error(`${getAtt[0]} has no output ${getAtt[1]}`);
      return inMainTerms(main, nested, output.Value, getAtt[0]);
    }
  }
  return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, inMainTerms(main, nested, item, within)]));
}

/**
 * The main stack as one template: its resources and every nested stack's, each with its values
 * in the main stack's terms. A logical id in two of the stacks would make it ambiguous: it throws.
 */
export function flattened(main: TemplateJson, nested: NestedTemplates): TemplateJson {
  const resources: Record<string, unknown> = {};
  for (const [within, template] of [[undefined, main] as const, ...Object.entries(nested)]) {
    for (const [id, resource] of Object.entries(template.Resources)) {
      if (id in resources) throw new Error(`The logical id ${id} is in two stacks: look it up in each template`);
      resources[id] = inMainTerms(main, nested, resource, within);
    }
  }
  return { ...main, Resources: resources };
}
