import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Notes and items carry a version raised on every change of their own (ETag / If-Match of the
 * offline client's safe replay); existing rows start at 1.
 */
export class NoteVersions1795703780587 implements MigrationInterface {
  name = 'NoteVersions1795703780587';

  async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "notes" ADD "version" integer NOT NULL DEFAULT '1'`);
    await queryRunner.query(`ALTER TABLE "note_items" ADD "version" integer NOT NULL DEFAULT '1'`);
  }

  async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`ALTER TABLE "note_items" DROP COLUMN "version"`);
    await queryRunner.query(`ALTER TABLE "notes" DROP COLUMN "version"`);
  }
}
