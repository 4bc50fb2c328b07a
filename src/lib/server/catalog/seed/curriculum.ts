/**
 * The Vietnamese general-education structure the demo catalog follows
 * (Chương trình GDPT 2018): Lớp 1–12, the subjects taught at each level,
 * the three textbook series, and lesson topics per subject and level.
 */

export type Level = 'tieu-hoc' | 'thcs' | 'thpt';

export function levelOf(grade: number): Level {
	return grade <= 5 ? 'tieu-hoc' : grade <= 9 ? 'thcs' : 'thpt';
}

export interface Series {
	slug: string;
	name: string;
	/** The short name teachers use in titles and tags. */
	short: string;
}

export const textbookSeries: readonly Series[] = [
	{ slug: 'ket-noi-tri-thuc', name: 'Kết nối tri thức với cuộc sống', short: 'Kết nối tri thức' },
	{ slug: 'chan-troi-sang-tao', name: 'Chân trời sáng tạo', short: 'Chân trời sáng tạo' },
	{ slug: 'canh-dieu', name: 'Cánh Diều', short: 'Cánh Diều' }
];

export interface Subject {
	slug: string;
	name: string;
	grades: readonly number[];
	/** Split into the three textbook series (a third category level). */
	bySeries?: boolean;
	topics: Partial<Record<Level, readonly string[]>>;
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

export const subjects: readonly Subject[] = [
	{
		slug: 'toan',
		name: 'Toán',
		grades: range(1, 12),
		bySeries: true,
		topics: {
			'tieu-hoc': [
				'Các số từ 0 đến 10',
				'Phép cộng trong phạm vi 10',
				'Phép trừ trong phạm vi 10',
				'Hình vuông, hình tròn, hình tam giác',
				'Các số trong phạm vi 100',
				'Đo độ dài',
				'Xem giờ, xem lịch',
				'Phép cộng có nhớ trong phạm vi 100',
				'Bảng nhân 2, bảng nhân 5',
				'Chu vi hình chữ nhật',
				'Phân số',
				'Số thập phân',
				'Tỉ số phần trăm',
				'Thể tích hình hộp chữ nhật',
				'Vận tốc, quãng đường, thời gian'
			],
			thcs: [
				'Tập hợp các số tự nhiên',
				'Số nguyên',
				'Số hữu tỉ',
				'Số thực và căn bậc hai',
				'Biểu thức đại số',
				'Hằng đẳng thức đáng nhớ',
				'Phương trình bậc nhất một ẩn',
				'Hệ hai phương trình bậc nhất hai ẩn',
				'Định lí Pythagore',
				'Tam giác đồng dạng',
				'Hàm số y = ax²',
				'Góc với đường tròn',
				'Thống kê và xác suất'
			],
			thpt: [
				'Mệnh đề và tập hợp',
				'Hàm số bậc hai',
				'Hệ thức lượng trong tam giác',
				'Vectơ',
				'Phương trình đường thẳng',
				'Hàm số lượng giác',
				'Cấp số cộng và cấp số nhân',
				'Giới hạn của dãy số',
				'Đạo hàm',
				'Hàm số mũ và hàm số lôgarit',
				'Nguyên hàm và tích phân',
				'Khối đa diện',
				'Xác suất có điều kiện'
			]
		}
	},
	{
		slug: 'tieng-viet',
		name: 'Tiếng Việt',
		grades: range(1, 5),
		bySeries: true,
		topics: {
			'tieu-hoc': [
				'Làm quen với chữ cái a, b, c',
				'Vần an, ăn, ân',
				'Tập đọc: Đôi bạn',
				'Luyện từ và câu: Từ chỉ sự vật',
				'Chính tả: Nghe – viết',
				'Viết đoạn văn kể về gia đình',
				'Kể chuyện: Chú sẻ và bông hoa bằng lăng',
				'Đọc hiểu: Cây khế',
				'Luyện viết chữ hoa',
				'Mở rộng vốn từ: Quê hương',
				'Viết bài văn tả cây cối'
			]
		}
	},
	{
		slug: 'ngu-van',
		name: 'Ngữ văn',
		grades: range(6, 12),
		bySeries: true,
		topics: {
			thcs: [
				'Bài học đường đời đầu tiên',
				'Thánh Gióng',
				'Sơn Tinh, Thủy Tinh',
				'Đêm nay Bác không ngủ',
				'Lão Hạc',
				'Tức nước vỡ bờ',
				'Chuyện người con gái Nam Xương',
				'Làng',
				'Bếp lửa',
				'Viết bài văn nghị luận về một vấn đề đời sống',
				'Viết bài văn tả cảnh sinh hoạt'
			],
			thpt: [
				'Trao duyên (Truyện Kiều)',
				'Chí khí anh hùng',
				'Tây Tiến',
				'Việt Bắc',
				'Vợ chồng A Phủ',
				'Vợ nhặt',
				'Chiếc thuyền ngoài xa',
				'Ai đã đặt tên cho dòng sông?',
				'Hai đứa trẻ',
				'Chữ người tử tù',
				'Nghị luận xã hội về lối sống của giới trẻ'
			]
		}
	},
	{
		slug: 'tieng-anh',
		name: 'Tiếng Anh',
		grades: range(3, 12),
		topics: {
			'tieu-hoc': [
				'Unit 1: Hello',
				'Unit 2: Our names',
				'Unit 3: Our friends',
				'Unit 4: Our bodies',
				'Unit 5: My hobbies',
				'Unit 6: Our school',
				'Unit 7: Classroom instructions',
				'Unit 8: My family'
			],
			thcs: [
				'Unit 1: My new school',
				'Unit 2: My house',
				'Unit 3: My friends',
				'Unit 4: My neighbourhood',
				'Unit 5: Natural wonders of Viet Nam',
				'Unit 6: Our Tet holiday',
				'Unit 7: Television',
				'Unit 8: Sports and games'
			],
			thpt: [
				'Unit 1: Family life',
				'Unit 2: Humans and the environment',
				'Unit 3: Music',
				'Unit 4: For a better community',
				'Unit 5: Inventions',
				'Unit 6: Gender equality',
				'Unit 7: Viet Nam and international organisations',
				'Unit 8: New ways to learn'
			]
		}
	},
	{
		slug: 'dao-duc',
		name: 'Đạo đức',
		grades: range(1, 5),
		topics: {
			'tieu-hoc': [
				'Em yêu gia đình',
				'Kính trọng thầy giáo, cô giáo',
				'Biết ơn người lao động',
				'Tiết kiệm tiền của',
				'Giữ gìn vệ sinh cá nhân',
				'Quan tâm, chăm sóc ông bà',
				'Trung thực trong học tập',
				'Em yêu Tổ quốc Việt Nam',
				'Bảo vệ môi trường sống',
				'Tôn trọng sự khác biệt của người khác'
			]
		}
	},
	{
		slug: 'tu-nhien-va-xa-hoi',
		name: 'Tự nhiên và Xã hội',
		grades: range(1, 3),
		topics: {
			'tieu-hoc': [
				'Gia đình em',
				'Trường học của em',
				'Cộng đồng địa phương',
				'Thực vật và động vật quanh em',
				'Con người và sức khoẻ',
				'Trái Đất và bầu trời'
			]
		}
	},
	{
		slug: 'khoa-hoc',
		name: 'Khoa học',
		grades: range(4, 5),
		topics: {
			'tieu-hoc': [
				'Nước và vòng tuần hoàn của nước',
				'Không khí',
				'Ánh sáng và âm thanh',
				'Nấm có ích và nấm có hại',
				'Chuỗi thức ăn trong tự nhiên',
				'Sự sinh sản của thực vật có hoa',
				'Năng lượng điện'
			]
		}
	},
	{
		slug: 'khoa-hoc-tu-nhien',
		name: 'Khoa học tự nhiên',
		grades: range(6, 9),
		topics: {
			thcs: [
				'Các phép đo',
				'Tế bào – đơn vị cơ sở của sự sống',
				'Nguyên tử',
				'Sơ lược về bảng tuần hoàn các nguyên tố hoá học',
				'Tốc độ chuyển động',
				'Âm thanh',
				'Ánh sáng',
				'Quang hợp ở thực vật',
				'Phản ứng hoá học',
				'Di truyền học Mendel'
			]
		}
	},
	{
		slug: 'lich-su-va-dia-li',
		name: 'Lịch sử và Địa lí',
		grades: range(4, 9),
		topics: {
			'tieu-hoc': [
				'Thiên nhiên vùng Trung du và miền núi Bắc Bộ',
				'Nhà nước Văn Lang, Âu Lạc',
				'Chiến thắng Bạch Đằng năm 938',
				'Nhà Lý dời đô ra Thăng Long',
				'Thành phố Hồ Chí Minh'
			],
			thcs: [
				'Bản đồ – phương tiện thể hiện bề mặt Trái Đất',
				'Trái Đất trong hệ Mặt Trời',
				'Khí hậu Việt Nam',
				'Dân cư và dân tộc Việt Nam',
				'Khởi nghĩa Lam Sơn',
				'Cách mạng tháng Tám năm 1945'
			]
		}
	},
	{
		slug: 'lich-su',
		name: 'Lịch sử',
		grades: range(10, 12),
		topics: {
			thpt: [
				'Lịch sử và sử học',
				'Văn minh Đại Việt',
				'Cách mạng tư sản và sự phát triển của chủ nghĩa tư bản',
				'Chiến tranh bảo vệ Tổ quốc trong lịch sử Việt Nam',
				'Công cuộc Đổi mới ở Việt Nam từ năm 1986',
				'Hồ Chí Minh trong lịch sử Việt Nam'
			]
		}
	},
	{
		slug: 'dia-li',
		name: 'Địa lí',
		grades: range(10, 12),
		topics: {
			thpt: [
				'Sử dụng bản đồ',
				'Thạch quyển và các vận động kiến tạo',
				'Khí quyển và nhiệt độ không khí',
				'Dân số và sự phát triển dân số thế giới',
				'Vùng Đồng bằng sông Cửu Long',
				'Biển Đông và các đảo, quần đảo Việt Nam'
			]
		}
	},
	{
		slug: 'vat-li',
		name: 'Vật lí',
		grades: range(10, 12),
		topics: {
			thpt: [
				'Động học',
				'Ba định luật Newton',
				'Năng lượng, công và công suất',
				'Động lượng',
				'Dao động điều hoà',
				'Sóng cơ',
				'Điện trường',
				'Dòng điện không đổi',
				'Vật lí nhiệt',
				'Từ trường',
				'Vật lí hạt nhân'
			]
		}
	},
	{
		slug: 'hoa-hoc',
		name: 'Hoá học',
		grades: range(10, 12),
		topics: {
			thpt: [
				'Cấu tạo nguyên tử',
				'Bảng tuần hoàn các nguyên tố hoá học',
				'Liên kết hoá học',
				'Phản ứng oxi hoá – khử',
				'Tốc độ phản ứng',
				'Cân bằng hoá học',
				'Nitrogen và sulfur',
				'Hydrocarbon',
				'Ester – Lipid',
				'Polymer'
			]
		}
	},
	{
		slug: 'sinh-hoc',
		name: 'Sinh học',
		grades: range(10, 12),
		topics: {
			thpt: [
				'Thành phần hoá học của tế bào',
				'Trao đổi chất qua màng tế bào',
				'Quang hợp',
				'Hô hấp tế bào',
				'Di truyền phân tử',
				'Di truyền quần thể',
				'Tiến hoá',
				'Sinh thái học quần xã'
			]
		}
	},
	{
		slug: 'giao-duc-cong-dan',
		name: 'Giáo dục công dân',
		grades: range(6, 9),
		topics: {
			thcs: [
				'Tự hào về truyền thống gia đình, dòng họ',
				'Yêu thương con người',
				'Siêng năng, kiên trì',
				'Tôn trọng sự thật',
				'Quyền trẻ em',
				'Phòng, chống bạo lực học đường'
			]
		}
	},
	{
		slug: 'giao-duc-kinh-te-va-phap-luat',
		name: 'Giáo dục kinh tế và pháp luật',
		grades: range(10, 12),
		topics: {
			thpt: [
				'Nền kinh tế và các chủ thể của nền kinh tế',
				'Thị trường và cơ chế thị trường',
				'Ngân sách nhà nước và thuế',
				'Lập kế hoạch tài chính cá nhân',
				'Hiến pháp nước Cộng hoà xã hội chủ nghĩa Việt Nam'
			]
		}
	},
	{
		slug: 'cong-nghe',
		name: 'Công nghệ',
		grades: range(3, 12),
		topics: {
			'tieu-hoc': ['Hoa và cây cảnh quanh em', 'Sử dụng đèn học', 'Làm đồ chơi đơn giản', 'Lắp ghép mô hình xe điện'],
			thcs: ['Nhà ở', 'Bảo quản và chế biến thực phẩm', 'Trang phục và thời trang', 'Đồ dùng điện trong gia đình', 'Vẽ kĩ thuật'],
			thpt: ['Công nghệ và đời sống', 'Thiết kế kĩ thuật', 'Hệ thống điện quốc gia', 'Công nghệ trồng trọt']
		}
	},
	{
		slug: 'tin-hoc',
		name: 'Tin học',
		grades: range(3, 12),
		topics: {
			'tieu-hoc': ['Máy tính và em', 'Làm quen với bàn phím và chuột', 'Thư mục và tệp', 'Soạn thảo văn bản đơn giản', 'Lập trình trực quan với Scratch'],
			thcs: ['Thông tin và dữ liệu', 'Mạng máy tính và Internet', 'An toàn thông tin trên Internet', 'Bảng tính điện tử', 'Thuật toán và cấu trúc điều khiển'],
			thpt: ['Lập trình Python: biến và kiểu dữ liệu', 'Câu lệnh rẽ nhánh và vòng lặp', 'Cơ sở dữ liệu quan hệ', 'Thiết kế trang web với HTML', 'Trí tuệ nhân tạo trong đời sống']
		}
	},
	{
		slug: 'am-nhac',
		name: 'Âm nhạc',
		grades: range(1, 12),
		topics: {
			'tieu-hoc': [
				'Học hát: Quê hương tươi đẹp',
				'Học hát: Em yêu trường em',
				'Nhạc cụ: Thanh phách và song loan',
				'Đọc nhạc: Các nốt Đô, Rê, Mi',
				'Nghe nhạc: Lý cây xanh',
				'Học hát: Mời bạn vui múa ca',
				'Học hát: Tìm bạn thân'
			],
			thcs: ['Hát: Reo vang bình minh', 'Đọc nhạc: Giọng Đô trưởng', 'Thường thức âm nhạc: Đàn bầu', 'Nhạc cụ: Sáo recorder', 'Hát: Lớp chúng ta đoàn kết'],
			thpt: ['Thường thức âm nhạc: Dân ca Quan họ Bắc Ninh', 'Nhạc cụ: Guitar đệm hát', 'Lí thuyết âm nhạc: Hợp âm', 'Hát: Bụi phấn']
		}
	},
	{
		slug: 'mi-thuat',
		name: 'Mĩ thuật',
		grades: range(1, 12),
		topics: {
			'tieu-hoc': ['Màu sắc trong thiên nhiên', 'Vẽ tranh đề tài trường em', 'Nặn con vật em yêu', 'Xé dán hình quả', 'Thiết kế bưu thiếp'],
			thcs: ['Hoa văn trang trí', 'Tranh chân dung', 'Vẽ tranh phong cảnh quê hương', 'Thiết kế logo'],
			thpt: ['Hội hoạ: Tranh tĩnh vật', 'Đồ hoạ tranh in', 'Thiết kế thời trang', 'Kiến trúc và đời sống']
		}
	},
	{
		slug: 'hoat-dong-trai-nghiem',
		name: 'Hoạt động trải nghiệm',
		grades: range(1, 12),
		topics: {
			'tieu-hoc': ['Chào năm học mới', 'Em và mái trường mới', 'Kĩ năng làm việc nhóm', 'Phòng tránh đuối nước'],
			thcs: ['Thích nghi với môi trường mới', 'Ứng phó với thiên tai', 'Quản lí chi tiêu', 'Khám phá nghề nghiệp'],
			thpt: ['Xây dựng hình ảnh bản thân', 'Trách nhiệm với gia đình', 'Định hướng nghề nghiệp', 'Hoạt động thiện nguyện']
		}
	}
];

/** Classroom songs and background tracks for MUSIC products. */
export const songs: readonly string[] = [
	'Quê hương tươi đẹp',
	'Em yêu trường em',
	'Mời bạn vui múa ca',
	'Tìm bạn thân',
	'Lý cây xanh',
	'Bàn tay mẹ',
	'Trên con đường đến trường',
	'Ngày mùa vui',
	'Reo vang bình minh',
	'Lớp chúng ta đoàn kết',
	'Chị Ong Nâu và em bé',
	'Đếm sao',
	'Em là hoa hồng nhỏ',
	'Bụi phấn',
	'Cò lả',
	'Trống cơm'
];

export const musicKinds: readonly string[] = [
	'Nhạc nền khởi động tiết học',
	'Nhạc nền trò chơi rung chuông vàng',
	'Nhạc thư giãn giờ ra chơi',
	'Nhạc nền đếm ngược 5 phút',
	'Nhạc nền sinh hoạt lớp'
];
