import { MigrationInterface, QueryRunner } from 'typeorm';

export class InstanceSecrets1795447739073 implements MigrationInterface {
  name = 'InstanceSecrets1795447739073';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(
      `CREATE TABLE "instance_secrets" ("name" character varying(50) NOT NULL, "value" text NOT NULL, ` +
        `"created_date" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(), CONSTRAINT "PK_instance_secrets_name" PRIMARY KEY ("name"))`,
    );
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TABLE "instance_secrets"`);
  }
}
