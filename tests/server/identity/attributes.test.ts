import {
  AdminCreateUserCommand,
  AdminDeleteUserAttributesCommand,
  AdminGetUserCommand,
  AdminUpdateUserAttributesCommand,
  DeleteUserAttributesCommand,
  DescribeUserPoolClientCommand,
  DescribeUserPoolCommand,
  GetUserCommand,
  ListUsersCommand,
  UpdateUserAttributesCommand,
  VerifyUserAttributeCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCustomAttributes } from '../../../server/identity/attributes.ts';
import { CLIENT_ID, failure, POOL_ID, startIdentityServer, type IdentityTestServer } from './support.ts';

let t: IdentityTestServer;
beforeAll(async () => {
  t = await startIdentityServer({ IDENTITY_CUSTOM_ATTRIBUTES: 'company:String:3-20, tier:Number:0-10, badge:String:immutable' });
  await t.createUser('ada@example.com', { locale: 'en-GB', 'custom:company': 'Acme' });
});
afterAll(() => t.close());

const adminUpdate = (attributes: Record<string, string>, Username = 'ada@example.com') =>
  t.admin.send(
    new AdminUpdateUserAttributesCommand({
      UserPoolId: POOL_ID,
      Username,
      UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
    }),
  );
const attributesOf = async (Username = 'ada@example.com') =>
  Object.fromEntries(
    ((await t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username }))).UserAttributes ?? []).map(
      ({ Name, Value }) => [Name, Value],
    ),
  );

describe('IDENTITY_CUSTOM_ATTRIBUTES', () => {
  it('reads types, ranges and immutability, and says what is wrong', () => {
    expect(parseCustomAttributes('company:String:256,tier:Number:0-10,badge:String:immutable')).toEqual({
      attributes: [
        { name: 'company', type: 'String', min: 0, max: 256, mutable: true },
        { name: 'tier', type: 'Number', min: 0, max: 10, mutable: true },
        { name: 'badge', type: 'String', min: 0, max: 2048, mutable: false },
      ],
      problems: [],
    });
    expect(parseCustomAttributes('a:Boolean,b-c:String,d:String:9000,d2:Number:5-1,e:String,e:Number').problems).toEqual([
      'IDENTITY_CUSTOM_ATTRIBUTES: "a:Boolean": the type must be String or Number',
      'IDENTITY_CUSTOM_ATTRIBUTES: "b-c:String": the name must be 1 to 20 letters, digits or underscores (without the custom: prefix)',
      'IDENTITY_CUSTOM_ATTRIBUTES: "d:String:9000": string lengths must lie within 0-2048',
      'IDENTITY_CUSTOM_ATTRIBUTES: "d2:Number:5-1": the range 5-1 is empty',
      'IDENTITY_CUSTOM_ATTRIBUTES: "e:Number": declared twice',
    ]);
  });
});

describe('DescribeUserPool', () => {
  it('describes every attribute the pool accepts, the custom ones with their types and limits', async () => {
    const { UserPool } = await t.admin.send(new DescribeUserPoolCommand({ UserPoolId: POOL_ID }));
    const schema = new Map((UserPool?.SchemaAttributes ?? []).map((attribute) => [attribute.Name, attribute]));
    expect(schema.get('custom:tier')).toEqual({
      Name: 'custom:tier',
      AttributeDataType: 'Number',
      DeveloperOnlyAttribute: false,
      Mutable: true,
      Required: false,
      NumberAttributeConstraints: { MinValue: '0', MaxValue: '10' },
    });
    expect(schema.get('custom:company')).toMatchObject({ StringAttributeConstraints: { MinLength: '3', MaxLength: '20' } });
    expect(schema.get('custom:badge')).toMatchObject({ AttributeDataType: 'String', Mutable: false });
    expect(schema.get('locale')).toMatchObject({ AttributeDataType: 'String', Mutable: true, Required: false });
    expect(schema.get('birthdate')).toMatchObject({ StringAttributeConstraints: { MinLength: '10', MaxLength: '10' } });
    expect(schema.get('updated_at')).toMatchObject({
      AttributeDataType: 'Number',
      NumberAttributeConstraints: { MinValue: '0' },
    });
    expect(schema.get('phone_number_verified')).toMatchObject({ AttributeDataType: 'Boolean' });
    // What the app client may read, the pool describes.
    const { UserPoolClient } = await t.admin.send(
      new DescribeUserPoolClientCommand({ UserPoolId: POOL_ID, ClientId: CLIENT_ID }),
    );
    for (const name of UserPoolClient?.ReadAttributes ?? []) expect(schema.has(name), name).toBe(true);
  });
});

describe('attributes', () => {
  it('standard and custom attributes from SignUp are listed and put in the id token (as Cognito types them)', async () => {
    await adminUpdate({ updated_at: '1700000000', address: '1 Main St', 'custom:tier': '3', phone_number_verified: 'false' });
    const attributes = await attributesOf();
    expect(attributes).toMatchObject({
      locale: 'en-GB',
      'custom:company': 'Acme',
      'custom:tier': '3',
      updated_at: '1700000000',
      address: '1 Main St',
    });
    const tokens = await t.signIn('ada@example.com');
    const claims = decodeJwt(tokens.IdToken);
    expect(claims).toMatchObject({
      locale: 'en-GB',
      'custom:company': 'Acme',
      'custom:tier': '3',
      updated_at: 1700000000,
      address: { formatted: '1 Main St' },
      phone_number_verified: false,
    });
    const user = await t.client.send(new GetUserCommand({ AccessToken: tokens.AccessToken }));
    expect(user.UserAttributes).toContainEqual({ Name: 'custom:tier', Value: '3' });
    const listed = await t.admin.send(new ListUsersCommand({ UserPoolId: POOL_ID, Filter: 'email = "ada@example.com"' }));
    expect(listed.Users?.[0]?.Attributes).toContainEqual({ Name: 'locale', Value: 'en-GB' });
    const chosen = await t.admin.send(
      new ListUsersCommand({
        UserPoolId: POOL_ID,
        Filter: 'email = "ada@example.com"',
        AttributesToGet: ['custom:tier', 'locale'],
      }),
    );
    expect(chosen.Users?.[0]?.Attributes).toEqual([
      { Name: 'custom:tier', Value: '3' },
      { Name: 'locale', Value: 'en-GB' },
    ]);
    expect(
      await failure(t.admin.send(new ListUsersCommand({ UserPoolId: POOL_ID, AttributesToGet: ['custom:nope'] }))),
    ).toMatchObject({ name: 'InvalidParameterException', message: 'One or more requested attributes do not exist: custom:nope' });

    // The user writes their own (the verification flags are not theirs to write).
    await t.client.send(
      new UpdateUserAttributesCommand({
        AccessToken: tokens.AccessToken,
        UserAttributes: [
          { Name: 'nickname', Value: 'Countess' },
          { Name: 'custom:company', Value: 'Babbage Ltd' },
        ],
      }),
    );
    expect(await attributesOf()).toMatchObject({ nickname: 'Countess', 'custom:company': 'Babbage Ltd', locale: 'en-GB' });
    expect(
      await failure(
        t.client.send(
          new UpdateUserAttributesCommand({
            AccessToken: tokens.AccessToken,
            UserAttributes: [{ Name: 'email_verified', Value: 'true' }],
          }),
        ),
      ),
    ).toMatchObject({ name: 'NotAuthorizedException', message: 'A client attempted to write unauthorized attribute' });
  });

  it('checks custom attributes: declared, type, range, length, immutability', async () => {
    const schemaError = async (attributes: Record<string, string>) => (await failure(adminUpdate(attributes))).message;
    expect(await schemaError({ 'custom:nope': 'x' })).toBe(
      'Attributes did not conform to the schema: custom:nope: Attribute does not exist in the schema.\n',
    );
    expect(await schemaError({ 'custom:tier': 'high' })).toBe(
      'Attributes did not conform to the schema: custom:tier: Number must be a valid integer\n',
    );
    expect(await schemaError({ 'custom:tier': '11' })).toBe(
      'Attributes did not conform to the schema: custom:tier: Number must be no greater than 10\n',
    );
    expect(await schemaError({ 'custom:company': 'AB' })).toBe(
      'Attributes did not conform to the schema: custom:company: String must be no shorter than 3 characters\n',
    );
    expect(await schemaError({ 'custom:company': 'A'.repeat(21) })).toBe(
      'Attributes did not conform to the schema: custom:company: String must be no longer than 20 characters\n',
    );
    expect(await schemaError({ birthdate: '1815/12/10' })).toBe(
      'Attributes did not conform to the schema: birthdate: Number of characters must be 10\n',
    );
    expect((await failure(adminUpdate({ email: 'not-an-email' }))).name).toBe('InvalidParameterException');

    await t.admin.send(
      new AdminCreateUserCommand({
        UserPoolId: POOL_ID,
        Username: 'badge@example.com',
        MessageAction: 'SUPPRESS',
        UserAttributes: [{ Name: 'custom:badge', Value: 'B-1' }],
      }),
    );
    expect((await failure(adminUpdate({ 'custom:badge': 'B-2' }, 'badge@example.com'))).message).toBe(
      'Attributes did not conform to the schema: custom:badge: Attribute cannot be updated. (changing an immutable attribute)\n',
    );
    expect(await attributesOf('badge@example.com')).toMatchObject({ 'custom:badge': 'B-1' });
  });

  it('AdminUpdateUserAttributes: a new email waits for its code (the pool verifies email before updating it), unless set verified', async () => {
    // The pool answers AttributesRequireVerificationBeforeUpdate: ['email'] (DescribeUserPool), so
    // the address in force stays until the user confirms the new one with the code mailed to it.
    await adminUpdate({ email: 'lovelace@example.com' });
    expect(await attributesOf('ada@example.com')).toMatchObject({ email: 'ada@example.com', email_verified: 'true' });
    expect(
      (await failure(t.admin.send(new AdminGetUserCommand({ UserPoolId: POOL_ID, Username: 'lovelace@example.com' })))).name,
    ).toBe('UserNotFoundException');
    const { AccessToken } = await t.signIn('ada@example.com');
    await t.client.send(
      new VerifyUserAttributeCommand({ AccessToken, AttributeName: 'email', Code: await t.latestCode('lovelace@example.com') }),
    );
    expect(await attributesOf('lovelace@example.com')).toMatchObject({ email: 'lovelace@example.com', email_verified: 'true' });

    // With email_verified true in the same call, the address changes at once and no code is mailed.
    await adminUpdate({ email: 'byron@example.com', email_verified: 'true' }, 'lovelace@example.com');
    expect(await attributesOf('byron@example.com')).toMatchObject({ email: 'byron@example.com', email_verified: 'true' });
    expect(await t.latestCode('byron@example.com').catch(() => 'none')).toBe('none');
    await adminUpdate({ email: 'lovelace@example.com', email_verified: 'true' }, 'byron@example.com');
    await adminUpdate({ email_verified: 'false' }, 'lovelace@example.com');
    expect(await attributesOf('lovelace@example.com')).toMatchObject({ email_verified: 'false' });
    await adminUpdate({ email_verified: 'true' }, 'lovelace@example.com');
    expect(await attributesOf('lovelace@example.com')).toMatchObject({ email_verified: 'true' });
    await t.createUser('other@example.com');
    expect(await failure(adminUpdate({ email: 'OTHER@example.com' }, 'lovelace@example.com'))).toMatchObject({
      name: 'AliasExistsException',
      message: 'An account with the given email already exists.',
    });
  });

  it('AdminDeleteUserAttributes removes column and map attributes, never email or an immutable one', async () => {
    const remove = (names: string[], Username = 'lovelace@example.com') =>
      t.admin.send(new AdminDeleteUserAttributesCommand({ UserPoolId: POOL_ID, Username, UserAttributeNames: names }));
    await adminUpdate({ given_name: 'Ada', website: 'https://example.com' }, 'lovelace@example.com');
    await remove(['given_name', 'website', 'custom:tier']);
    const attributes = await attributesOf('lovelace@example.com');
    expect(attributes).not.toHaveProperty('given_name');
    expect(attributes).not.toHaveProperty('website');
    expect(attributes).not.toHaveProperty('custom:tier');
    expect(attributes).toMatchObject({ locale: 'en-GB', 'custom:company': 'Babbage Ltd' });
    expect(await failure(remove(['email']))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Attributes did not conform to the schema: email: The attribute is required\n',
    });
    expect(await failure(remove(['custom:badge'], 'badge@example.com'))).toMatchObject({
      name: 'InvalidParameterException',
      message:
        'Attributes did not conform to the schema: custom:badge: Attribute cannot be updated. (changing an immutable attribute)\n',
    });
    expect(await failure(remove(['shoe_size']))).toMatchObject({
      message: 'Attributes did not conform to the schema: shoe_size: Attribute does not exist in the schema.\n',
    });
  });

  it('removing email_verified (AdminDeleteUserAttributes, or a blank value) leaves the email unverified, not as it was', async () => {
    await t.createUser('verified@example.com');
    await t.admin.send(
      new AdminDeleteUserAttributesCommand({
        UserPoolId: POOL_ID,
        Username: 'verified@example.com',
        UserAttributeNames: ['email_verified'],
      }),
    );
    expect(await attributesOf('verified@example.com')).toMatchObject({ email_verified: 'false' });
    await adminUpdate({ email_verified: 'true' }, 'verified@example.com');
    await adminUpdate({ email_verified: '' }, 'verified@example.com');
    expect(await attributesOf('verified@example.com')).toMatchObject({ email_verified: 'false' });
  });

  it('DeleteUserAttributes: the signed-in user removes their own optional attributes, never email, a flag or an immutable one', async () => {
    await t.createUser('hopper@example.com', { given_name: 'Grace', locale: 'en-US', 'custom:tier': '3', 'custom:badge': 'b1' });
    const { AccessToken } = await t.signIn('hopper@example.com');
    const remove = (names: string[]) =>
      t.client.send(new DeleteUserAttributesCommand({ AccessToken, UserAttributeNames: names }));
    await remove(['given_name', 'locale', 'custom:tier']);
    const attributes = await attributesOf('hopper@example.com');
    expect(attributes).not.toHaveProperty('given_name');
    expect(attributes).not.toHaveProperty('locale');
    expect(attributes).not.toHaveProperty('custom:tier');
    expect(attributes).toMatchObject({ email: 'hopper@example.com', email_verified: 'true', 'custom:badge': 'b1' });
    // The id token of the next sign-in no longer carries them.
    expect(decodeJwt((await t.signIn('hopper@example.com')).IdToken)).not.toHaveProperty('given_name');
    expect(await failure(remove(['email']))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Attributes did not conform to the schema: email: The attribute is required\n',
    });
    expect(await failure(remove(['email_verified']))).toMatchObject({
      name: 'NotAuthorizedException',
      message: 'A client attempted to write unauthorized attribute',
    });
    expect(await failure(remove(['custom:badge']))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await failure(remove(['shoe_size']))).toMatchObject({ name: 'InvalidParameterException' });
    expect(await attributesOf('hopper@example.com')).toMatchObject({ email: 'hopper@example.com', 'custom:badge': 'b1' });
  });
});

describe('attribute values as Cognito keeps them', () => {
  it('a blank value deletes the attribute (Amplify sends it as given), and the email cannot be blanked', async () => {
    await t.createUser('noether@example.com', { nickname: 'Emmy', phone_number: '+15551234567', 'custom:tier': '4' });
    const { AccessToken } = await t.signIn('noether@example.com');
    const update = (attributes: Record<string, string>) =>
      t.client.send(
        new UpdateUserAttributesCommand({
          AccessToken,
          UserAttributes: Object.entries(attributes).map(([Name, Value]) => ({ Name, Value })),
        }),
      );
    await update({ nickname: '', phone_number: '', 'custom:tier': '', locale: 'de-DE' });
    const attributes = await attributesOf('noether@example.com');
    expect(attributes).toMatchObject({ locale: 'de-DE', email: 'noether@example.com' });
    for (const gone of ['nickname', 'phone_number', 'phone_number_verified', 'custom:tier'])
      expect(attributes).not.toHaveProperty(gone);
    const claims = decodeJwt((await t.signIn('noether@example.com')).IdToken);
    expect(claims).not.toHaveProperty('nickname');
    expect(claims).not.toHaveProperty('phone_number');
    expect(await failure(update({ email: '' }))).toMatchObject({
      name: 'InvalidParameterException',
      message: 'Attributes did not conform to the schema: email: The attribute is required\n',
    });
    await adminUpdate({ given_name: '' }, 'noether@example.com');
    expect(await attributesOf('noether@example.com')).not.toHaveProperty('given_name');
  });

  it('phone_number_verified: false beside an unverified number, what the administrator set, reset when the number changes', async () => {
    await t.createUser('meitner@example.com', { phone_number: '+15550000001' });
    expect(await attributesOf('meitner@example.com')).toMatchObject({ phone_number_verified: 'false' });
    await adminUpdate({ phone_number_verified: 'true' }, 'meitner@example.com');
    expect(await attributesOf('meitner@example.com')).toMatchObject({ phone_number_verified: 'true' });
    const tokens = await t.signIn('meitner@example.com');
    expect(decodeJwt(tokens.IdToken)).toMatchObject({ phone_number: '+15550000001', phone_number_verified: true });
    await t.client.send(
      new UpdateUserAttributesCommand({
        AccessToken: tokens.AccessToken,
        UserAttributes: [{ Name: 'phone_number', Value: '+15550000002' }],
      }),
    );
    expect(await attributesOf('meitner@example.com')).toMatchObject({
      phone_number: '+15550000002',
      phone_number_verified: 'false',
    });
    expect(decodeJwt((await t.signIn('meitner@example.com')).IdToken)).toMatchObject({ phone_number_verified: false });
  });
});
