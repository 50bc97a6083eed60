import { Body, Controller, Delete, Get, HttpCode, Patch, Post, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiCreatedResponse, ApiNoContentResponse, ApiOkResponse, ApiOperation, ApiTags } from '@nestjs/swagger';
import { AuthUser } from '../../common/auth/auth-user';
import { CurrentUser, RequireModule } from '../../common/auth/decorators';
import { ApiProblems } from '../../common/http/api-problems';
import { UuidParam } from '../../common/validation/uuid-param';
import { CategoriesService } from './categories.service';
import { CategoryDto, ReorderCategoriesDto, SaveCategoryDto } from './dto/category.dto';

@ApiTags('Budget: categories')
@ApiBearerAuth()
@ApiProblems(401, 403)
@RequireModule('Budget')
@Controller('categories')
export class CategoriesController {
  constructor(private readonly categories: CategoriesService) {}

  @Get()
  @ApiOperation({ summary: 'List the categories in their order' })
  @ApiOkResponse({ type: [CategoryDto] })
  list(@CurrentUser() user: AuthUser): Promise<CategoryDto[]> {
    return this.categories.list(user);
  }

  @Post()
  @ApiOperation({ summary: 'Create a category (it goes last)' })
  @ApiCreatedResponse({ type: CategoryDto })
  @ApiProblems(400, 409)
  create(@CurrentUser() user: AuthUser, @Body() dto: SaveCategoryDto): Promise<CategoryDto> {
    return this.categories.create(user, dto);
  }

  @Patch('order')
  @ApiOperation({ summary: 'Reorder the categories; categoryIds must be exactly all of them (else 400 INVALID_ORDER)' })
  @ApiOkResponse({ type: [CategoryDto] })
  @ApiProblems(400)
  reorder(@CurrentUser() user: AuthUser, @Body() dto: ReorderCategoriesDto): Promise<CategoryDto[]> {
    return this.categories.reorder(user, dto.categoryIds);
  }

  @Put(':categoryId')
  @ApiOperation({ summary: 'Update a category' })
  @ApiOkResponse({ type: CategoryDto })
  @ApiProblems(400, 404, 409)
  update(@CurrentUser() user: AuthUser, @UuidParam('categoryId') id: string, @Body() dto: SaveCategoryDto): Promise<CategoryDto> {
    return this.categories.update(user, id, dto);
  }

  @Delete(':categoryId')
  @HttpCode(204)
  @ApiOperation({ summary: 'Delete a category; 409 CATEGORY_IN_USE while a transaction or recurring transaction uses it' })
  @ApiNoContentResponse()
  @ApiProblems(400, 404, 409)
  async remove(@CurrentUser() user: AuthUser, @UuidParam('categoryId') id: string): Promise<void> {
    await this.categories.remove(user, id);
  }
}
