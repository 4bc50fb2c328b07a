/**
 * The Vietnamese general-education structure the demo catalog follows
 * (Chương trình GDPT 2018): Lớp 1–12, the subjects taught at each grade under
 * their official names, the three textbook series, and lesson topics per
 * subject and grade. Topics are listed per grade, not per school level, so a
 * grade-2 lesson ("Bảng nhân 2") can never be titled as grade 1;
 * tests/unit/curriculum.test.ts pins well-known topics to their grades.
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
	/**
	 * Split into the three textbook series (a third category level). Every
	 * subject is, except Tiếng Anh, whose books carry their own names
	 * (Global Success, Friends Plus, Explore English…).
	 */
	bySeries: boolean;
	/** Lesson topics of each grade the subject is taught in. */
	topics: Readonly<Record<number, readonly string[]>>;
}

/** The same topics for several grades: only for skills that recur every year (arts, activities). */
function recurring(grades: readonly number[], list: readonly string[]): Record<number, readonly string[]> {
	return Object.fromEntries(grades.map((g) => [g, list]));
}

export const subjects: readonly Subject[] = [
	{
		slug: 'toan',
		name: 'Toán',
		grades: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			1: ['Các số từ 0 đến 10', 'Phép cộng trong phạm vi 10', 'Phép trừ trong phạm vi 10', 'Hình vuông, hình tròn, hình tam giác, hình chữ nhật', 'Các số trong phạm vi 100', 'Độ dài và đo độ dài', 'Xem giờ đúng trên đồng hồ'],
			2: ['Phép cộng có nhớ trong phạm vi 100', 'Phép trừ có nhớ trong phạm vi 100', 'Bảng nhân 2', 'Bảng nhân 5', 'Bảng chia 2, bảng chia 5', 'Các số trong phạm vi 1000', 'Ki-lô-gam và lít', 'Đường gấp khúc, hình tứ giác'],
			3: ['Bảng nhân 6, bảng chia 6', 'Bảng nhân 8, bảng chia 8', 'Nhân số có hai chữ số với số có một chữ số', 'Chu vi hình chữ nhật, chu vi hình vuông', 'Diện tích hình chữ nhật, diện tích hình vuông', 'Các số trong phạm vi 100 000', 'Làm quen với chữ số La Mã'],
			4: ['Số có sáu chữ số, lớp triệu', 'Nhân với số có hai chữ số', 'Chia cho số có hai chữ số', 'Rút gọn và quy đồng mẫu số các phân số', 'Phép cộng, phép trừ phân số', 'Hai đường thẳng vuông góc, hai đường thẳng song song', 'Hình bình hành, hình thoi', 'Tìm số trung bình cộng'],
			5: ['Số thập phân', 'Phép nhân, phép chia số thập phân', 'Tỉ số phần trăm', 'Diện tích hình tam giác, hình thang', 'Chu vi và diện tích hình tròn', 'Thể tích hình hộp chữ nhật, hình lập phương', 'Vận tốc, quãng đường, thời gian'],
			6: ['Tập hợp các số tự nhiên', 'Tính chia hết, số nguyên tố', 'Ước chung lớn nhất và bội chung nhỏ nhất', 'Số nguyên', 'Hình có trục đối xứng', 'Điểm, đường thẳng, tia', 'Phân số và các phép tính với phân số'],
			7: ['Số hữu tỉ', 'Số thực và căn bậc hai số học', 'Tỉ lệ thức và đại lượng tỉ lệ', 'Đa thức một biến', 'Các trường hợp bằng nhau của tam giác', 'Góc và đường thẳng song song', 'Làm quen với biến cố và xác suất'],
			8: ['Đa thức nhiều biến', 'Hằng đẳng thức đáng nhớ', 'Phân thức đại số', 'Phương trình bậc nhất một ẩn', 'Hàm số bậc nhất y = ax + b', 'Định lí Pythagore', 'Định lí Thalès', 'Tam giác đồng dạng'],
			9: ['Hệ hai phương trình bậc nhất hai ẩn', 'Bất phương trình bậc nhất một ẩn', 'Căn bậc hai và căn bậc ba', 'Hệ thức lượng trong tam giác vuông', 'Góc nội tiếp', 'Hàm số y = ax² (a ≠ 0)', 'Phương trình bậc hai một ẩn, định lí Viète', 'Hình trụ, hình nón, hình cầu'],
			10: ['Mệnh đề và tập hợp', 'Bất phương trình bậc nhất hai ẩn', 'Hàm số bậc hai', 'Hệ thức lượng trong tam giác', 'Vectơ', 'Phương trình đường thẳng', 'Ba đường conic', 'Hoán vị, chỉnh hợp và tổ hợp', 'Nhị thức Newton'],
			11: ['Hàm số lượng giác và phương trình lượng giác', 'Cấp số cộng và cấp số nhân', 'Giới hạn của dãy số', 'Hàm số liên tục', 'Hàm số mũ và hàm số lôgarit', 'Đạo hàm', 'Quan hệ song song trong không gian', 'Quan hệ vuông góc trong không gian'],
			12: ['Khảo sát và vẽ đồ thị hàm số', 'Nguyên hàm', 'Tích phân', 'Hệ trục toạ độ trong không gian', 'Phương trình mặt phẳng', 'Xác suất có điều kiện', 'Công thức Bayes']
		}
	},
	{
		slug: 'tieng-viet',
		name: 'Tiếng Việt',
		grades: [1, 2, 3, 4, 5],
		bySeries: true,
		topics: {
			1: ['Làm quen với âm a, b, c', 'Âm o, ô, ơ', 'Vần an, ăn, ân', 'Vần ươn, ương', 'Luyện đọc câu ngắn', 'Tập viết chữ thường', 'Kể chuyện theo tranh'],
			2: ['Đọc: Tôi là học sinh lớp 2', 'Đọc: Làm việc thật là vui', 'Viết chữ hoa A, Ă, Â', 'Từ chỉ sự vật, từ chỉ hoạt động', 'Câu giới thiệu', 'Viết đoạn văn kể về một việc người thân đã làm cho em'],
			3: ['Đọc: Ngày khai trường', 'Biện pháp so sánh', 'Từ chỉ đặc điểm', 'Câu kể, câu hỏi, câu cảm, câu khiến', 'Viết đoạn văn nêu tình cảm về một người thân', 'Viết thư cho người thân'],
			4: ['Đọc: Điều kì diệu', 'Danh từ', 'Động từ', 'Tính từ', 'Viết bài văn kể lại một câu chuyện', 'Viết bài văn miêu tả con vật', 'Viết bài văn miêu tả cây cối'],
			5: ['Từ đồng nghĩa', 'Từ đa nghĩa', 'Đại từ và kết từ', 'Câu ghép', 'Viết bài văn tả phong cảnh', 'Viết bài văn tả người', 'Viết đoạn văn nêu ý kiến về một sự việc']
		}
	},
	{
		slug: 'ngu-van',
		name: 'Ngữ văn',
		grades: [6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			6: ['Bài học đường đời đầu tiên', 'Thánh Gióng', 'Sơn Tinh, Thủy Tinh', 'Cô bé bán diêm', 'Đêm nay Bác không ngủ', 'Viết bài văn kể lại một trải nghiệm của em'],
			7: ['Bầy chim chìa vôi', 'Người đàn ông cô độc giữa rừng', 'Tục ngữ về thiên nhiên và lao động sản xuất', 'Ông đồ', 'Viết bài văn phân tích đặc điểm nhân vật'],
			8: ['Lão Hạc', 'Trong lòng mẹ', 'Thu điếu', 'Viết bài văn nghị luận về một vấn đề đời sống', 'Văn bản thuyết minh giải thích một hiện tượng tự nhiên'],
			9: ['Chuyện người con gái Nam Xương', 'Truyện Kiều: Cảnh ngày xuân', 'Làng', 'Bếp lửa', 'Đồng chí', 'Viết bài văn nghị luận phân tích một tác phẩm thơ'],
			10: ['Chiến thắng Mtao Mxây', 'Hê-ra-clét đi tìm táo vàng', 'Bình Ngô đại cáo', 'Truyện Kiều: Trao duyên', 'Viết bài luận thuyết phục người khác từ bỏ một thói quen'],
			11: ['Chí Phèo', 'Hai đứa trẻ', 'Chữ người tử tù', 'Tràng giang', 'Vội vàng', 'Viết văn bản nghị luận về một tác phẩm truyện'],
			12: ['Tây Tiến', 'Việt Bắc', 'Vợ nhặt', 'Vợ chồng A Phủ', 'Ai đã đặt tên cho dòng sông?', 'Chiếc thuyền ngoài xa']
		}
	},
	{
		slug: 'tieng-anh',
		name: 'Tiếng Anh',
		grades: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: false,
		topics: {
			3: ['Unit 1: Hello', 'Unit 2: Our names', 'Unit 3: Our friends', 'Unit 4: Our bodies', 'Unit 5: My hobbies'],
			4: ['Unit 1: My friends', 'Unit 2: Time and daily routines', 'Unit 3: My week', 'Unit 4: My birthday party'],
			5: ['Unit 1: All about me!', 'Unit 2: Our homes', 'Unit 3: My foreign friends', 'Unit 4: Our free-time activities'],
			6: ['Unit 1: My new school', 'Unit 2: My house', 'Unit 3: My friends', 'Unit 4: My neighbourhood', 'Unit 5: Natural wonders of Viet Nam', 'Unit 6: Our Tet holiday'],
			7: ['Unit 1: Hobbies', 'Unit 2: Healthy living', 'Unit 3: Community service', 'Unit 4: Music and arts'],
			8: ['Unit 1: Leisure time', 'Unit 2: Life in the countryside', 'Unit 3: Teenagers', 'Unit 4: Ethnic groups of Viet Nam'],
			9: ['Unit 1: Local community', 'Unit 2: City life', 'Unit 3: Healthy living for teens', 'Unit 4: Remembering the past'],
			10: ['Unit 1: Family life', 'Unit 2: Humans and the environment', 'Unit 3: Music', 'Unit 4: For a better community', 'Unit 5: Inventions'],
			11: ['Unit 1: A long and healthy life', 'Unit 2: The generation gap', 'Unit 3: Cities of the future', 'Unit 4: ASEAN and Viet Nam'],
			12: ['Unit 1: Life stories we admire', 'Unit 2: A multicultural world', 'Unit 3: Green living', 'Unit 4: Urbanisation']
		}
	},
	{
		slug: 'dao-duc',
		name: 'Đạo đức',
		grades: [1, 2, 3, 4, 5],
		bySeries: true,
		topics: {
			1: ['Em giữ sạch đôi bàn tay', 'Gia đình của em', 'Lễ phép với thầy giáo, cô giáo', 'Sinh hoạt nền nếp'],
			2: ['Quý trọng thời gian', 'Nhận lỗi và sửa lỗi', 'Bảo quản đồ dùng cá nhân', 'Kính trọng thầy giáo, cô giáo'],
			3: ['Ham học hỏi', 'Giữ lời hứa', 'Tích cực hoàn thành nhiệm vụ', 'Em yêu Tổ quốc Việt Nam'],
			4: ['Biết ơn người lao động', 'Cảm thông, giúp đỡ người gặp khó khăn', 'Yêu lao động', 'Tôn trọng tài sản của người khác'],
			5: ['Biết ơn những người có công với quê hương, đất nước', 'Tôn trọng sự khác biệt của người khác', 'Bảo vệ môi trường sống', 'Lập kế hoạch cá nhân']
		}
	},
	{
		slug: 'tu-nhien-va-xa-hoi',
		name: 'Tự nhiên và Xã hội',
		grades: [1, 2, 3],
		bySeries: true,
		topics: {
			1: ['Gia đình em', 'Lớp học của em', 'Cây xanh quanh em', 'Các giác quan'],
			2: ['Các thế hệ trong gia đình', 'Thực vật và động vật sống ở đâu', 'Cơ quan vận động', 'Cơ quan hô hấp'],
			3: ['Cơ quan tiêu hoá', 'Cơ quan tuần hoàn', 'Xác định phương hướng bằng Mặt Trời', 'Bề mặt Trái Đất']
		}
	},
	{
		slug: 'khoa-hoc',
		name: 'Khoa học',
		grades: [4, 5],
		bySeries: true,
		topics: {
			4: ['Nước và vòng tuần hoàn của nước', 'Không khí', 'Ánh sáng và sự truyền ánh sáng', 'Âm thanh và sự truyền âm thanh', 'Nấm có ích và nấm có hại', 'Chuỗi thức ăn trong tự nhiên', 'Chế độ ăn uống cân bằng'],
			5: ['Thành phần và vai trò của đất', 'Hỗn hợp và dung dịch', 'Năng lượng điện', 'Sự sinh sản của thực vật có hoa', 'Vi khuẩn có ích và vi khuẩn gây bệnh', 'Sự lớn lên và phát triển của con người']
		}
	},
	{
		slug: 'lich-su-va-dia-li',
		name: 'Lịch sử và Địa lí',
		grades: [4, 5, 6, 7, 8, 9],
		bySeries: true,
		topics: {
			4: ['Thiên nhiên vùng Trung du và miền núi Bắc Bộ', 'Đền Hùng và lễ giỗ Tổ Hùng Vương', 'Thăng Long – Hà Nội', 'Vùng Nam Bộ: thiên nhiên và con người', 'Thành phố Hồ Chí Minh'],
			5: ['Đất nước và con người Việt Nam', 'Nước Văn Lang, Âu Lạc', 'Chiến dịch Điện Biên Phủ năm 1954', 'Các nước láng giềng của Việt Nam'],
			6: ['Bản đồ – phương tiện thể hiện bề mặt Trái Đất', 'Trái Đất trong hệ Mặt Trời', 'Xã hội nguyên thuỷ', 'Ai Cập cổ đại', 'Nhà nước Văn Lang, Âu Lạc'],
			7: ['Thiên nhiên châu Á', 'Châu Âu: vị trí địa lí và phạm vi', 'Nhà Lý xây dựng và phát triển đất nước', 'Khởi nghĩa Lam Sơn'],
			8: ['Địa hình Việt Nam', 'Khí hậu Việt Nam', 'Cách mạng công nghiệp', 'Phong trào Tây Sơn'],
			9: ['Dân cư và dân tộc Việt Nam', 'Vùng Đông Nam Bộ', 'Chiến tranh thế giới thứ hai', 'Cách mạng tháng Tám năm 1945']
		}
	},
	{
		slug: 'khoa-hoc-tu-nhien',
		name: 'Khoa học tự nhiên',
		grades: [6, 7, 8, 9],
		bySeries: true,
		topics: {
			6: ['Các phép đo', 'Các thể của chất', 'Tế bào – đơn vị cơ sở của sự sống', 'Vi khuẩn', 'Lực và biểu diễn lực', 'Năng lượng và sự chuyển hoá năng lượng'],
			7: ['Nguyên tử', 'Sơ lược về bảng tuần hoàn các nguyên tố hoá học', 'Tốc độ chuyển động', 'Âm thanh', 'Ánh sáng', 'Quang hợp ở thực vật'],
			8: ['Phản ứng hoá học', 'Acid – Base – pH – Oxide – Muối', 'Khối lượng riêng và áp suất', 'Dòng điện, mạch điện', 'Sinh học cơ thể người'],
			9: ['Năng lượng cơ học', 'Khúc xạ ánh sáng và thấu kính', 'Kim loại và phi kim', 'Hydrocarbon và nguồn nhiên liệu', 'Di truyền học Mendel']
		}
	},
	{
		slug: 'giao-duc-cong-dan',
		name: 'Giáo dục công dân',
		grades: [6, 7, 8, 9],
		bySeries: true,
		topics: {
			6: ['Tự hào về truyền thống gia đình, dòng họ', 'Yêu thương con người', 'Siêng năng, kiên trì', 'Quyền trẻ em'],
			7: ['Tự hào về truyền thống quê hương', 'Quan tâm, cảm thông và chia sẻ', 'Phòng, chống bạo lực học đường', 'Quản lí tiền'],
			8: ['Tự hào về truyền thống dân tộc Việt Nam', 'Lao động cần cù, sáng tạo', 'Phòng, chống bạo lực gia đình', 'Lập kế hoạch chi tiêu'],
			9: ['Sống có lí tưởng', 'Khách quan và công bằng', 'Quyền và nghĩa vụ lao động của công dân', 'Vi phạm pháp luật và trách nhiệm pháp lí']
		}
	},
	{
		slug: 'lich-su',
		name: 'Lịch sử',
		grades: [10, 11, 12],
		bySeries: true,
		topics: {
			10: ['Lịch sử và sử học', 'Các cuộc cách mạng công nghiệp', 'Văn minh Đại Việt', 'Cộng đồng các dân tộc Việt Nam'],
			11: ['Cách mạng tư sản và sự phát triển của chủ nghĩa tư bản', 'Quá trình xâm lược và cai trị của chủ nghĩa thực dân ở Đông Nam Á', 'Chiến tranh bảo vệ Tổ quốc trong lịch sử Việt Nam', 'Cuộc cải cách của Hồ Quý Ly'],
			12: ['Liên hợp quốc', 'Cách mạng tháng Tám năm 1945 và các cuộc kháng chiến', 'Công cuộc Đổi mới ở Việt Nam từ năm 1986', 'Hồ Chí Minh trong lịch sử Việt Nam']
		}
	},
	{
		slug: 'dia-li',
		name: 'Địa lí',
		grades: [10, 11, 12],
		bySeries: true,
		topics: {
			10: ['Sử dụng bản đồ', 'Thạch quyển và thuyết kiến tạo mảng', 'Khí quyển và nhiệt độ không khí', 'Dân số và sự phát triển dân số thế giới'],
			11: ['Khu vực Mỹ La-tinh', 'Liên minh châu Âu (EU)', 'Hiệp hội các quốc gia Đông Nam Á (ASEAN)', 'Nhật Bản'],
			12: ['Vị trí địa lí và phạm vi lãnh thổ Việt Nam', 'Vùng Đồng bằng sông Cửu Long', 'Phát triển kinh tế và bảo vệ chủ quyền ở Biển Đông', 'Chuyển dịch cơ cấu kinh tế']
		}
	},
	{
		slug: 'vat-li',
		name: 'Vật lí',
		grades: [10, 11, 12],
		bySeries: true,
		topics: {
			10: ['Động học', 'Ba định luật Newton', 'Năng lượng, công và công suất', 'Động lượng', 'Chuyển động tròn', 'Biến dạng của vật rắn'],
			11: ['Dao động điều hoà', 'Sóng cơ', 'Sóng dừng', 'Điện trường', 'Tụ điện', 'Dòng điện không đổi'],
			12: ['Vật lí nhiệt', 'Khí lí tưởng', 'Từ trường', 'Cảm ứng điện từ', 'Vật lí hạt nhân']
		}
	},
	{
		slug: 'hoa-hoc',
		name: 'Hoá học',
		grades: [10, 11, 12],
		bySeries: true,
		topics: {
			10: ['Cấu tạo nguyên tử', 'Bảng tuần hoàn các nguyên tố hoá học', 'Liên kết hoá học', 'Phản ứng oxi hoá – khử', 'Năng lượng hoá học', 'Tốc độ phản ứng hoá học'],
			11: ['Cân bằng hoá học', 'Nitrogen và sulfur', 'Đại cương về hoá học hữu cơ', 'Hydrocarbon', 'Dẫn xuất halogen – Alcohol – Phenol', 'Hợp chất carbonyl – Carboxylic acid'],
			12: ['Ester – Lipid', 'Carbohydrate', 'Hợp chất chứa nitrogen', 'Polymer', 'Pin điện và điện phân', 'Đại cương về kim loại']
		}
	},
	{
		slug: 'sinh-hoc',
		name: 'Sinh học',
		grades: [10, 11, 12],
		bySeries: true,
		topics: {
			10: ['Thành phần hoá học của tế bào', 'Cấu trúc tế bào', 'Trao đổi chất qua màng tế bào', 'Chu kì tế bào và phân bào', 'Vi sinh vật và ứng dụng'],
			11: ['Trao đổi nước và khoáng ở thực vật', 'Quang hợp và hô hấp ở thực vật', 'Cảm ứng ở sinh vật', 'Sinh trưởng và phát triển ở sinh vật', 'Sinh sản ở sinh vật'],
			12: ['Di truyền phân tử', 'Quy luật di truyền Mendel', 'Di truyền quần thể', 'Bằng chứng và cơ chế tiến hoá', 'Sinh thái học quần xã']
		}
	},
	{
		slug: 'giao-duc-kinh-te-va-phap-luat',
		name: 'Giáo dục kinh tế và pháp luật',
		grades: [10, 11, 12],
		bySeries: true,
		topics: {
			10: ['Nền kinh tế và các chủ thể của nền kinh tế', 'Thị trường và cơ chế thị trường', 'Ngân sách nhà nước và thuế', 'Lập kế hoạch tài chính cá nhân', 'Hiến pháp nước Cộng hoà xã hội chủ nghĩa Việt Nam'],
			11: ['Cạnh tranh, cung và cầu trong kinh tế thị trường', 'Lạm phát và thất nghiệp', 'Ý tưởng và cơ hội kinh doanh', 'Quyền bình đẳng của công dân trước pháp luật'],
			12: ['Tăng trưởng và phát triển kinh tế', 'Hội nhập kinh tế quốc tế', 'Bảo hiểm và an sinh xã hội', 'Quyền và nghĩa vụ của công dân về kinh doanh và nộp thuế']
		}
	},
	{
		slug: 'cong-nghe',
		name: 'Công nghệ',
		grades: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			3: ['Tự nhiên và công nghệ', 'Sử dụng đèn học', 'Làm đồ dùng học tập', 'Làm đồ chơi đơn giản'],
			4: ['Hoa và cây cảnh quanh em', 'Trồng hoa, cây cảnh trong chậu', 'Lắp ghép mô hình kĩ thuật'],
			5: ['Vai trò của công nghệ', 'Sáng chế công nghệ', 'Mô hình xe điện chạy bằng pin', 'Sử dụng điện thoại'],
			6: ['Nhà ở', 'Bảo quản và chế biến thực phẩm', 'Trang phục và thời trang', 'Đồ dùng điện trong gia đình'],
			7: ['Trồng trọt ở Việt Nam', 'Trồng và chăm sóc rừng', 'Chăn nuôi vật nuôi', 'Nuôi thuỷ sản'],
			8: ['Vẽ kĩ thuật', 'Cơ khí', 'Kĩ thuật điện'],
			9: ['Định hướng nghề nghiệp trong lĩnh vực kĩ thuật, công nghệ', 'Lắp đặt mạng điện trong nhà', 'Trồng cây ăn quả'],
			10: ['Công nghệ và đời sống', 'Thiết kế kĩ thuật', 'Công nghệ trồng trọt'],
			11: ['Công nghệ chăn nuôi', 'Cơ khí chế tạo', 'Động cơ đốt trong'],
			12: ['Hệ thống điện quốc gia', 'Điện tử tương tự và điện tử số', 'Công nghệ lâm nghiệp, thuỷ sản']
		}
	},
	{
		slug: 'tin-hoc',
		name: 'Tin học',
		grades: [3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			3: ['Máy tính và em', 'Làm quen với bàn phím và chuột', 'Sắp xếp để dễ tìm'],
			4: ['Phần cứng và phần mềm', 'Soạn thảo văn bản đơn giản', 'Tạo bài trình chiếu', 'Làm quen với Scratch'],
			5: ['Thư mục và tệp', 'Tìm kiếm thông tin trên Internet', 'Lập trình Scratch: cấu trúc lặp và rẽ nhánh'],
			6: ['Thông tin và dữ liệu', 'Mạng máy tính và Internet', 'Sơ đồ tư duy', 'Thuật toán'],
			7: ['Thiết bị vào – ra', 'Bảng tính điện tử', 'Phần mềm trình chiếu', 'Thuật toán tìm kiếm'],
			8: ['Lập trình trực quan: cấu trúc rẽ nhánh và lặp', 'Xử lí đồ hoạ', 'Sắp xếp và lọc dữ liệu trong bảng tính'],
			9: ['Giải quyết vấn đề với sự trợ giúp của máy tính', 'Phần mềm mô phỏng', 'Bảng tính: hàm COUNTIF, SUMIF'],
			10: ['Lập trình Python: biến và kiểu dữ liệu', 'Câu lệnh rẽ nhánh và vòng lặp trong Python', 'Thiết kế đồ hoạ với Inkscape'],
			11: ['Cơ sở dữ liệu quan hệ', 'Hệ điều hành', 'Phần mềm chỉnh sửa ảnh'],
			12: ['Thiết kế trang web với HTML và CSS', 'Trí tuệ nhân tạo trong đời sống', 'Mạng máy tính và kết nối']
		}
	},
	{
		slug: 'am-nhac',
		name: 'Âm nhạc',
		grades: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			...recurring([1, 2, 3, 4, 5], ['Hát và vận động theo nhịp', 'Nghe nhạc và cảm thụ', 'Nhạc cụ gõ: thanh phách, song loan', 'Trò chơi âm nhạc']),
			...recurring([6, 7, 8, 9], ['Hát bài hát mới', 'Đọc nhạc', 'Thường thức âm nhạc', 'Nhạc cụ: sáo recorder và kèn phím']),
			...recurring([10, 11, 12], ['Hát và biểu diễn', 'Lí thuyết âm nhạc', 'Thường thức âm nhạc: dân ca Việt Nam', 'Nhạc cụ: guitar đệm hát'])
		}
	},
	{
		slug: 'mi-thuat',
		name: 'Mĩ thuật',
		grades: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			...recurring([1, 2, 3, 4, 5], ['Màu sắc trong thiên nhiên', 'Vẽ tranh đề tài', 'Nặn và tạo hình con vật', 'Xé dán giấy màu']),
			...recurring([6, 7, 8, 9], ['Hoa văn trang trí', 'Tranh chân dung', 'Vẽ tranh phong cảnh', 'Thiết kế đồ hoạ']),
			...recurring([10, 11, 12], ['Hội hoạ', 'Đồ hoạ tranh in', 'Thiết kế thời trang', 'Kiến trúc'])
		}
	},
	{
		slug: 'hoat-dong-trai-nghiem',
		name: 'Hoạt động trải nghiệm',
		grades: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12],
		bySeries: true,
		topics: {
			...recurring([1, 2, 3, 4, 5], ['Chào năm học mới', 'Kĩ năng làm việc nhóm', 'Phòng tránh đuối nước', 'Giữ gìn cảnh quan trường lớp']),
			...recurring([6, 7, 8, 9], ['Thích nghi với môi trường mới', 'Ứng phó với thiên tai', 'Quản lí chi tiêu', 'Khám phá nghề nghiệp']),
			...recurring([10, 11, 12], ['Xây dựng hình ảnh bản thân', 'Trách nhiệm với gia đình', 'Định hướng nghề nghiệp', 'Hoạt động thiện nguyện'])
		}
	}
];

/** Classroom songs for MUSIC products of Âm nhạc, by school level (a grade-1 song is not sold to grade 12). */
export const songs: Readonly<Record<Level, readonly string[]>> = {
	'tieu-hoc': ['Quê hương tươi đẹp', 'Em yêu trường em', 'Mời bạn vui múa ca', 'Tìm bạn thân', 'Lý cây xanh', 'Bàn tay mẹ', 'Chị Ong Nâu và em bé', 'Đếm sao', 'Em là hoa hồng nhỏ'],
	thcs: ['Reo vang bình minh', 'Lớp chúng ta đoàn kết', 'Trên con đường đến trường', 'Ngày mùa vui'],
	thpt: ['Bụi phấn', 'Cò lả', 'Trống cơm', 'Khát vọng tuổi trẻ']
};

export const musicKinds: readonly string[] = [
	'Nhạc nền khởi động tiết học',
	'Nhạc nền trò chơi rung chuông vàng',
	'Nhạc thư giãn giờ ra chơi',
	'Nhạc nền đếm ngược 5 phút',
	'Nhạc nền sinh hoạt lớp'
];
